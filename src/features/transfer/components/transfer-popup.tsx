import { parseAmountInput, sanitiseAmountTyping } from "@domain/amount-input";
import { USDT_DECIMALS, formatUsdt, thousands } from "@domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTransfer } from "../api/transfer";

/** Moves withdrawable USDT into the spendable balance (DESIGN.md §2), with the fund password. */
export function TransferPopup({
  open,
  withdrawUsdt,
  onClose,
}: {
  open: boolean;
  withdrawUsdt: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useTransfer();
  if (!open) return null;

  const confirm = async () => {
    setRefusal(null);
    const parsed = parseAmountInput(amount, USDT_DECIMALS);
    const next: typeof errors = {};
    if ("problem" in parsed)
      next.amount = parsed.problem === "empty" ? t("transfer.amountPlaceholder") : t(`form.amount.${parsed.problem}`);
    if (!password) next.password = t("withdraw.passwordPlaceholder");
    setErrors(next);
    if (!("amount" in parsed) || next.password) return;
    if (BigInt(withdrawUsdt ?? "0") < parsed.amount) {
      toast.error(t("withdraw.insufficient"));
      return;
    }
    try {
      await mutation.mutateAsync({ amount: parsed.amount.toString(), password });
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.msg : t("api.failed"));
      return;
    }
    toast.success(t("transfer.success"));
    onClose();
  };

  return (
    <BottomSheet open title={t("transfer.title")} onClose={onClose} testId="transfer-popup">
      <form
        className="form-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <p className="muted" style={{ margin: 0 }}>
          {t("transfer.explain")}
        </p>
        <TextField
          label={t("transfer.amount")}
          placeholder={t("transfer.amountPlaceholder")}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(sanitiseAmountTyping(e.target.value, USDT_DECIMALS))}
          error={errors.amount}
          hint={`${t("withdraw.available")} ${withdrawUsdt === undefined ? "…" : thousands(formatUsdt(withdrawUsdt))} USDT`}
          data-testid="transfer-amount"
        />
        <TextField
          label={t("withdraw.password")}
          placeholder={t("withdraw.passwordPlaceholder")}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          data-testid="transfer-password"
        />
        {refusal ? (
          <p className="alert" role="alert">
            {refusal}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          data-testid="transfer-confirm"
        >
          {t("transfer.confirm")}
        </button>
      </form>
    </BottomSheet>
  );
}
