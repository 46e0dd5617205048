import { isWellFormedInvitationCode, normaliseInvitationCode } from "@domain/invitation";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FundPasswordByEmailFields, useFundPasswordByEmail } from "@/components/fund-password-by-email";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { getSpread } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register";

/**
 * Registration of a newly signed-in address: invitation code (pre-filled from the spread key of
 * an invitation link), email with its code, and the fund password (twice).
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [invitationCode, setInvitationCode] = useState(() => getSpread() ?? "");
  const [invitationError, setInvitationError] = useState<string>();
  const form = useFundPasswordByEmail();
  const mutation = useRegister();

  const submit = async () => {
    const invite = normaliseInvitationCode(invitationCode);
    const badInvite = Boolean(invite) && !isWellFormedInvitationCode(invite);
    setInvitationError(badInvite ? t("register.invitationInvalid") : undefined);
    const fields = form.check();
    if (badInvite || !fields) return;
    try {
      await mutation.mutateAsync({ ...(invite ? { invitationCode: invite } : {}), ...fields });
    } catch {
      return; // shown by the API client
    }
    toast.success(t("register.success"));
    onRegistered();
  };

  return (
    <Form
      onSubmit={submit}
      submitLabel={t("register.submit")}
      busy={mutation.isPending}
      submitTestId="register-submit"
      aria-labelledby="register-title"
      data-testid="register-form"
    >
      <h2 id="register-title" className="card__title">
        {t("register.title")}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t("register.intro")}
      </p>
      <TextField
        label={t("register.invitationCode")}
        placeholder={t("register.invitationPlaceholder")}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={16}
        value={invitationCode}
        onChange={(e) => setInvitationCode(e.target.value)}
        error={invitationError}
        data-testid="register-invitation"
      />
      <FundPasswordByEmailFields form={form} purpose="register" passwordLabel={t("form.fundPassword")} testId="register" />
    </Form>
  );
}
