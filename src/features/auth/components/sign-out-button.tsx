import { useTransition } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../api/logout";

/**
 * Signs out, showing "signing out" until the server has answered. A React action (an async
 * transition) rather than a query mutation: nothing caches or retries a sign-out, and the
 * mutation's observer was a kilobyte (gzip) more on every protocol page, which show this
 * button in their user panel.
 */
export function SignOutButton() {
  const { t } = useTranslation();
  const [isPending, startTransition] = useTransition();
  return (
    <button
      type="button"
      className="btn btn--danger btn--block"
      data-testid="sign-out"
      disabled={isPending}
      onClick={() => startTransition(logout)}
    >
      {isPending ? t("user.signingOut") : t("user.signOut")}
    </button>
  );
}
