import { shortenAddress } from "@domain/address";
import { isWellFormedInvitationCode, normaliseInvitationCode } from "@domain/invitation";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "@/lib/i18n";
import { FundPasswordByEmailFields, useFundPasswordByEmail } from "@/components/fund-password-by-email";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { getSpread } from "@/lib/session";
import { toast } from "@/lib/toast";
import { type ChainInviter, useChainInviter } from "../api/get-chain-inviter";
import { useRegister } from "../api/register";

/** What the form says when the address is already in the DAO's tree on chain (its inviter there is kept). */
function chainInviterNotice(bound: ChainInviter, t: TFunction): string {
  if (!bound.inviter) return t("register.chainInviter.root");
  const address = shortenAddress(bound.inviter.address);
  return bound.inviter.invitationCode
    ? t("register.chainInviter.bound", { inviter: `${bound.inviter.invitationCode} (${address})` })
    : t("register.chainInviter.bound", { inviter: address });
}

/**
 * Registration of a newly signed-in address: invitation code (pre-filled from the spread key of
 * an invitation link), email with its code, and the fund password (twice). An address already
 * bound in the DAO's invitation tree on chain keeps that inviter (a binding there is permanent):
 * the form says so before submitting and takes no code.
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [invitationCode, setInvitationCode] = useState(() => getSpread() ?? "");
  const [invitationError, setInvitationError] = useState<string>();
  const form = useFundPasswordByEmail();
  const mutation = useRegister();
  const chainInviter = useChainInviter();
  const bound = chainInviter.data?.bound ? chainInviter.data : null;

  const submit = async () => {
    const invite = bound ? "" : normaliseInvitationCode(invitationCode);
    const badInvite = Boolean(invite) && !isWellFormedInvitationCode(invite);
    setInvitationError(badInvite ? t("register.invitationInvalid") : undefined);
    const fields = form.check();
    if (badInvite || !fields) return;
    let reply;
    try {
      reply = await mutation.mutateAsync({ ...(invite ? { invitationCode: invite } : {}), ...fields });
    } catch {
      return; // shown by the API client
    }
    // Bound on chain meanwhile (the form did not know): say whose team it joined instead.
    if (reply.codeOverridden) toast.info(t("register.chainInviter.overridden", { inviter: reply.inviter ?? "—" }));
    else toast.success(t("register.success"));
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
        value={bound ? (bound.inviter?.invitationCode ?? "") : invitationCode}
        disabled={Boolean(bound)}
        onChange={(e) => setInvitationCode(e.target.value)}
        error={invitationError}
        hint={bound ? <span data-testid="register-chain-inviter">{chainInviterNotice(bound, t)}</span> : undefined}
        data-testid="register-invitation"
      />
      <FundPasswordByEmailFields form={form} purpose="register" passwordLabel={t("form.fundPassword")} testId="register" />
    </Form>
  );
}
