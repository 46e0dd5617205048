import { isEvmAddress } from "@domain/evm-address";
import { OPERATOR_ROLES, type OperatorRole } from "@domain/operator-roles";
import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { SelectField } from "../../components/select-field";
import { useChangeRole } from "../api/change-role";

/** Gives a wallet a role; the address is checked with the API's own rule (domain/evm-address) before the call. */
export function GrantRoleForm() {
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
        onSuccess: () => {
          toast.success(t("console.roles.granted"));
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
