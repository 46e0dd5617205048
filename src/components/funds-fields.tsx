import { parseAmountInput, sanitiseAmountTyping } from "@domain/amount-input";
import { USDT_DECIMALS, formatUsdt, thousands } from "@domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";

/**
 * What the transfer and withdraw popups share: a USDT amount taken from the withdrawable
 * balance, the fund password, and the server's refusal, shown inside the popup (the API client
 * toasts it too) so the popup can stay open.
 */
export function useFunds(withdrawUsdt: string | undefined) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; password?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Shows the amount's (`emptyText` when there is none) and the password's errors; the amount in micro-USDT when both are fine. */
  const check = (emptyText: string): bigint | null => {
    const parsed = parseAmountInput(amount, USDT_DECIMALS);
    const next: typeof errors = {};
    if ("problem" in parsed) next.amount = parsed.problem === "empty" ? emptyText : t(`form.amount.${parsed.problem}`);
    if (!password) next.password = t("withdraw.passwordPlaceholder");
    setErrors(next);
    return "amount" in parsed && !next.password ? parsed.amount : null;
  };

  /** Whether the amount is more than the withdrawable balance; if so the user is told, and nothing is sent. */
  const exceedsBalance = (micro: bigint): boolean => {
    if (BigInt(withdrawUsdt ?? "0") >= micro) return false;
    toast.error(t("withdraw.insufficient"));
    return true;
  };

  /** Runs the call; a refusal is kept for the popup and answers false. */
  const send = async (call: () => Promise<unknown>): Promise<boolean> => {
    setRefusal(null);
    try {
      await call();
      return true;
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.msg : t("api.failed"));
      return false;
    }
  };

  return {
    withdrawUsdt,
    amount,
    setAmount,
    password,
    setPassword,
    errors,
    setErrors,
    refusal,
    setRefusal,
    check,
    exceedsBalance,
    send,
  };
}

interface FundsFieldsProps {
  funds: ReturnType<typeof useFunds>;
  amountLabel: string;
  amountPlaceholder: string;
  /** Test ids `<testId>-amount`, `-available`, `-password` and `-refusal`. */
  testId: string;
}

/** The amount (with the withdrawable balance under it), the fund password and the refusal. */
export function FundsFields({ funds, amountLabel, amountPlaceholder, testId }: FundsFieldsProps) {
  const { t } = useTranslation();
  const { withdrawUsdt, errors } = funds;
  return (
    <>
      <TextField
        label={amountLabel}
        placeholder={amountPlaceholder}
        inputMode="decimal"
        autoComplete="off"
        value={funds.amount}
        onChange={(e) => funds.setAmount(sanitiseAmountTyping(e.target.value, USDT_DECIMALS))}
        error={errors.amount}
        hint={
          <span data-testid={`${testId}-available`}>
            {t("withdraw.available")} {withdrawUsdt === undefined ? "…" : thousands(formatUsdt(withdrawUsdt))} USDT
          </span>
        }
        data-testid={`${testId}-amount`}
      />
      <TextField
        label={t("withdraw.password")}
        placeholder={t("withdraw.passwordPlaceholder")}
        type="password"
        autoComplete="off"
        value={funds.password}
        onChange={(e) => funds.setPassword(e.target.value)}
        error={errors.password}
        data-testid={`${testId}-password`}
      />
      {funds.refusal ? (
        <p className="alert" role="alert" data-testid={`${testId}-refusal`}>
          {funds.refusal}
        </p>
      ) : null}
    </>
  );
}
