import { isEvmAddress } from "@domain/evm-address";
import { WITHDRAW_NETWORK } from "@domain/withdraw-rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FundsFields, useFunds } from "@/components/funds-fields";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/ui/text-field";
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

type Errors = { address?: string; network?: string };

/** Withdraw popup, title 请选择USDT提现方式 (specification §2, §4, §5). */
export function WithdrawPopup({ info, withdrawUsdt, onClose }: WithdrawPopupProps) {
  const { t } = useTranslation();
  const [option, setOption] = useState<WithdrawOption | null>(null);
  const [address, setAddress] = useState("");
  const funds = useFunds(withdrawUsdt);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useWithdraw();

  if (!info) return null;
  const options = withdrawOptionsFor(info);

  const confirm = async () => {
    funds.setRefusal(null);
    if (!option) {
      setErrors({ network: t("withdraw.chooseNetwork") });
      funds.setErrors({});
      return;
    }
    // The specification's order: TRON first, then the fields, then the balance.
    if (option.network === WITHDRAW_NETWORK.TRON) {
      toast.error(t("withdraw.tronUnsupported"));
      return;
    }
    const to = address.trim();
    const addressError = isEvmAddress(to) ? undefined : to ? t("withdraw.addressInvalid") : t("withdraw.addressPlaceholder");
    setErrors({ address: addressError });
    const micro = funds.check(t("withdraw.amountPlaceholder"));
    if (addressError || micro === null || funds.exceedsBalance(micro)) return;
    // Unlike the original, a refusal is shown (the API client toasts it too).
    const call = () =>
      mutation.mutateAsync({ type: option.network, address: to, amount: micro.toString(), password: funds.password });
    if (!(await funds.send(call))) return;
    toast.success(t("withdraw.success"));
    onClose();
  };

  return (
    <BottomSheet open title={t("withdraw.title")} onClose={onClose} testId="withdraw-popup">
      <Form onSubmit={confirm} submitLabel={t("withdraw.confirm")} busy={mutation.isPending} submitTestId="withdraw-confirm">
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
        <FundsFields
          funds={funds}
          amountLabel={t("withdraw.amount")}
          amountPlaceholder={t("withdraw.amountPlaceholder")}
          testId="withdraw"
        />
      </Form>
    </BottomSheet>
  );
}
