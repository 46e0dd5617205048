import { isEvmAddress } from "@domain/evm-address";
import { OPERATOR_ROLES, type OperatorRole } from "@domain/operator-roles";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { SelectField } from "../../components/select-field";
import { awaitsApproval, useChangeRole } from "../api/change-role";

/**
 * Gives a wallet a role; the address is checked with the API's own rule (domain/evm-address)
 * before the call. A grant of treasurer or admin while two admins or more exist becomes a request
 * that another admin approves (Approvals), which the form and its toast say; with a single admin
 * (`admins`, the distinct admin addresses; null while unknown) the form warns that the four-eyes
 * rule then rests on that one person.
 */
export function GrantRoleForm({ admins }: { admins: number | null }) {
  const { t } = useTranslation();
  const grant = useChangeRole("grant");
  const [address, setAddress] = useState("");
  const [role, setRole] = useState<OperatorRole>("reviewer");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const wallet = address.trim();
    if (!isEvmAddress(wallet)) return setError(t("console.roles.badAddress"));
    grant.mutate(
      { address: wallet, role },
      {
        onSuccess: (outcome) => {
          toast.success(t(awaitsApproval(outcome) ? "console.roles.grantRequested" : "console.roles.granted"));
          setAddress("");
        },
      },
    );
  };
  return (
    <section className="card console-section" aria-labelledby="grant-role-title">
      <h2 id="grant-role-title" className="card__title">
        {t("console.roles.grantTitle")}
      </h2>
      {admins === null ? null : admins < 2 ? (
        <p className="console-warning" data-testid="roles-single-admin">
          {t("console.roles.singleAdmin")}
        </p>
      ) : (
        <p className="muted console-note" data-testid="roles-four-eyes">
          {t("console.roles.fourEyes")}
        </p>
      )}
      <Form onSubmit={submit} busy={grant.isPending} submitLabel={t("console.roles.grant")} submitTestId="grant-submit">
        <TextField
          label={t("console.field.wallet")}
          value={address}
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          error={error}
          data-testid="grant-address"
          onChange={(e) => {
            setAddress(e.target.value);
            setError(null);
          }}
        />
        <SelectField
          label={t("console.field.role")}
          value={role}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`console.role.${r}`) }))}
          onChange={(v) => v && setRole(v)}
          testId="grant-role"
        />
      </Form>
    </section>
  );
}
