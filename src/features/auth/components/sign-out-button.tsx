import { useTranslation } from "react-i18next";
import { useLogout } from "../api/logout";

export function SignOutButton() {
  const { t } = useTranslation();
  const { mutate, isPending } = useLogout();
  return (
    <button
      type="button"
      className="btn btn--danger btn--block"
      data-testid="sign-out"
      disabled={isPending}
      onClick={() => mutate()}
    >
      {isPending ? t("user.signingOut") : t("user.signOut")}
    </button>
  );
}
