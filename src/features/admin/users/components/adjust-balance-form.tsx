import { ADJUST_DELTA_PATTERN, ADJUST_REASON_MAX, ADJUSTABLE_CURRENCIES } from "@domain/approval-kinds";
import { parseUnits } from "@domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { SelectField } from "../../components/select-field";
import { decimalsOf } from "../../utils/money";
import { useAdjustBalance } from "../api/adjust-balance";

type Currency = (typeof ADJUSTABLE_CURRENCIES)[number];

/** Asks for a balance change (signed, in CNY or USDT) with its reason; a second treasurer decides. */
export function AdjustBalanceForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const adjust = useAdjustBalance();
  const [currency, setCurrency] = useState<Currency>("USDT");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const submit = () => {
    const badAmount = { amount: t("console.adjust.badAmount", { decimals: decimalsOf(currency) }) };
    let delta: string;
    try {
      delta = parseUnits(amount, decimalsOf(currency)).toString();
    } catch {
      return setErrors(badAmount);
    }
    if (!ADJUST_DELTA_PATTERN.test(delta)) return setErrors(badAmount);
    const text = reason.trim();
    if (!text || text.length > ADJUST_REASON_MAX) return setErrors({ reason: t("console.adjust.reasonNeeded") });
    adjust.mutate(
      { userId, currency, delta, reason: text },
      {
        onSuccess: () => {
          toast.success(t("console.adjust.requested"));
          onDone();
        },
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      busy={adjust.isPending}
      submitLabel={t("console.adjust.submit")}
      submitTestId={`adjust-submit-${userId}`}
      aria-label={t("console.adjust.title")}
    >
      <p className="muted console-note">{t("console.adjust.note")}</p>
      <SelectField
        label={t("console.adjust.currency")}
        value={currency}
        options={ADJUSTABLE_CURRENCIES.map((c) => ({ value: c, label: t(`console.currency.${c}`) }))}
        onChange={(v) => v && setCurrency(v)}
        testId={`adjust-currency-${userId}`}
      />
      <TextField
        label={t("console.adjust.amount")}
        hint={t("console.adjust.amountHint")}
        inputMode="decimal"
        value={amount}
        error={errors.amount}
        data-testid={`adjust-amount-${userId}`}
        onChange={(e) => {
          setAmount(e.target.value);
          setErrors({});
        }}
      />
      <TextField
        label={t("console.adjust.reason")}
        value={reason}
        maxLength={ADJUST_REASON_MAX}
        error={errors.reason}
        data-testid={`adjust-reason-${userId}`}
        onChange={(e) => {
          setReason(e.target.value);
          setErrors({});
        }}
      />
    </Form>
  );
}
