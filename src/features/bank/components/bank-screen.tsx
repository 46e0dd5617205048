import { BANK_BRANCH_MAX, BANK_NAME_MAX } from "@domain/account-limits";
import { cardNumberProblem, normaliseCardNumber } from "@domain/luhn";
import { REAL_NAME_PATTERN, plainTextProblem } from "@domain/plain-text";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApplicationCard, ApplicationDetails } from "@/components/application-card";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { useApplyBank } from "../api/apply-bank";
import { useBank } from "../api/get-bank";

type Field = "bankName" | "branch" | "holder" | "cardNumber";

function BankForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ bankName: "", branch: "", holder: "", cardNumber: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const apply = useApplyBank();
  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async () => {
    const card = normaliseCardNumber(values.cardNumber);
    const next: Partial<Record<Field, string>> = {};
    if (plainTextProblem(values.bankName, "bankName", BANK_NAME_MAX)) next.bankName = t("bank.bankNameInvalid");
    if (plainTextProblem(values.branch, "branch", BANK_BRANCH_MAX)) next.branch = t("bank.branchInvalid");
    if (!REAL_NAME_PATTERN.test(values.holder.trim())) next.holder = t("bank.holderInvalid");
    if (cardNumberProblem(card)) next.cardNumber = t("bank.cardInvalid");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await apply.mutateAsync({
        bankName: values.bankName.trim(),
        branch: values.branch.trim(),
        holder: values.holder.trim(),
        cardNumber: card,
      });
      toast.success(t("application.submitted"));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Form onSubmit={submit} submitLabel={t("application.submit")} busy={apply.isPending} submitTestId="bank-submit">
      <TextField
        label={t("bank.bankName")}
        placeholder={t("bank.bankNamePlaceholder")}
        value={values.bankName}
        onChange={set("bankName")}
        error={errors.bankName}
        data-testid="bank-name"
      />
      <TextField
        label={t("bank.branch")}
        placeholder={t("bank.branchPlaceholder")}
        value={values.branch}
        onChange={set("branch")}
        error={errors.branch}
        data-testid="bank-branch"
      />
      <TextField
        label={t("bank.holder")}
        placeholder={t("bank.holderPlaceholder")}
        value={values.holder}
        onChange={set("holder")}
        error={errors.holder}
        hint={t("bank.holderHint")}
        data-testid="bank-holder"
      />
      <TextField
        label={t("bank.cardNumber")}
        placeholder={t("bank.cardNumberPlaceholder")}
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.cardNumber}
        onChange={set("cardNumber")}
        error={errors.cardNumber}
        data-testid="bank-card"
      />
    </Form>
  );
}

/** /pages/my/bank: the bank account application's status, and the form to (re)apply. */
export function BankScreen() {
  const { t } = useTranslation();
  const [reapply, setReapply] = useState(false);
  return (
    <ApplicationCard id="bank" title={t("bank.title")} query={useBank()}>
      {(app) =>
        app && app.status !== "rejected" && !reapply ? (
          <>
            <ApplicationDetails
              items={[
                [t("bank.bankName"), app.bankName],
                [t("bank.branch"), app.branch],
                [t("bank.holder"), app.holder],
                [t("bank.cardNumber"), app.cardNumber],
              ]}
            />
            {app.status === "approved" ? (
              <button type="button" className="btn btn--secondary btn--block" onClick={() => setReapply(true)}>
                {t("bank.change")}
              </button>
            ) : null}
          </>
        ) : (
          <BankForm />
        )
      }
    </ApplicationCard>
  );
}
