import { parseAmountInput, sanitiseAmountTyping } from "@domain/amount-input";
import { isEvmAddress } from "@domain/evm-address";
import { USDT_DECIMALS, formatUsdt, thousands } from "@domain/money";
import { WITHDRAW_NETWORK } from "@domain/withdraw-rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useWithdraw } from "../api/withdraw";
import { type PaymentInfo, type WithdrawOption, withdrawOptionsFor } from "../utils/withdraw-options";

interface WithdrawPopupProps {
  /** null = closed; closing forgets the info, the amount and the rest (the popup unmounts). */
  info: PaymentInfo | null;
  /** micro-USDT. */
  withdrawUsdt: string | undefined;
  onClose: () => void;
}

type Errors = Partial<Record<"address" | "amount" | "password" | "network", string>>;

/** Withdraw popup, title 请选择USDT提现方式 (specification §2, §4, §5). */
export function WithdrawPopup({ info, withdrawUsdt, onClose }: WithdrawPopupProps) {
  const { t } = useTranslation();
  const [option, setOption] = useState<WithdrawOption | null>(null);
  const [address, setAddress] = useState("");
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useWithdraw();
  const busy = mutation.isPending;

  if (!info) return null;
  const options = withdrawOptionsFor(info);

  const confirm = async () => {
    setRefusal(null);
    if (!option) {
      setErrors({ network: t("withdraw.chooseNetwork") });
      return;
    }
    // The specification's order: TRON first, then the balance.
    if (option.network === WITHDRAW_NETWORK.TRON) {
      toast.error(t("withdraw.tronUnsupported"));
      return;
    }
    const next: Errors = {};
    const parsed = parseAmountInput(amount, USDT_DECIMALS);
    if (!isEvmAddress(address.trim()))
      next.address = address.trim() ? t("withdraw.addressInvalid") : t("withdraw.addressPlaceholder");
    if ("problem" in parsed)
      next.amount = parsed.problem === "empty" ? t("withdraw.amountPlaceholder") : t(`form.amount.${parsed.problem}`);
    if (!password) next.password = t("withdraw.passwordPlaceholder");
    setErrors(next);
    if (Object.keys(next).length > 0 || !("amount" in parsed)) return;
    if (BigInt(withdrawUsdt ?? "0") < parsed.amount) {
      toast.error(t("withdraw.insufficient"));
      return;
    }
    try {
      await mutation.mutateAsync({ type: option.network, address: address.trim(), amount: parsed.amount.toString(), password });
    } catch (error) {
      // Unlike the original, a refusal is shown (the API client toasts it too).
      setRefusal(error instanceof ApiError ? error.msg : t("api.failed"));
      return;
    }
    toast.success(t("withdraw.success"));
    onClose();
  };

  return (
    <BottomSheet open title={t("withdraw.title")} onClose={onClose} testId="withdraw-popup">
      <form
        className="form-stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <fieldset className="options" aria-describedby={errors.network ? "withdraw-network-error" : undefined}>
          <legend className="sr-only">{t("withdraw.network")}</legend>
          {options.map((o) => (
            <label key={o.id} className="option">
              <input
                type="radio"
                name="withdraw-network"
                checked={option?.id === o.id}
                onChange={() => setOption(o)}
                data-testid={`withdraw-option-${o.id}`}
              />
              <span>{t("withdraw.optionLabel", { name: o.name })}</span>
            </label>
          ))}
          {errors.network ? (
            <p id="withdraw-network-error" className="field__error" role="alert">
              {errors.network}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={t("withdraw.address")}
          placeholder={t("withdraw.addressPlaceholder")}
          autoComplete="off"
          spellCheck={false}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={errors.address}
          data-testid="withdraw-address"
        />
        <TextField
          label={t("withdraw.amount")}
          placeholder={t("withdraw.amountPlaceholder")}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(sanitiseAmountTyping(e.target.value, USDT_DECIMALS))}
          error={errors.amount}
          hint={
            <span data-testid="withdraw-available">
              {t("withdraw.available")} {withdrawUsdt === undefined ? "…" : thousands(formatUsdt(withdrawUsdt))} USDT
            </span>
          }
          data-testid="withdraw-amount"
        />
        <TextField
          label={t("withdraw.password")}
          placeholder={t("withdraw.passwordPlaceholder")}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          data-testid="withdraw-password"
        />
        {refusal ? (
          <p className="alert" role="alert" data-testid="withdraw-refusal">
            {refusal}
          </p>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={busy}
          aria-busy={busy}
          data-testid="withdraw-confirm"
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t("withdraw.confirm")}
        </button>
      </form>
    </BottomSheet>
  );
}
