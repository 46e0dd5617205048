import { parseAmountInput, sanitiseAmountTyping } from "@domain/amount-input";
import { CNY_DECIMALS } from "@domain/money";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { useNavigate } from "react-router";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { TextField } from "@/components/ui/text-field";
import { paths } from "@/config/paths";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/lib/toast";
import { type RechargeCurrency, type RechargeOption, USDT_ONLY_ACCOUNT_TYPE, optionsOf } from "../utils/recharge-options";
import { RechargeIcon } from "./recharge-icon";

interface RechargePopupProps {
  /** null = closed. Each opening starts with no method and no amount (the parent remounts it). */
  currency: RechargeCurrency | null;
  accountType: number | undefined;
  onClose: () => void;
}

/** Recharge popup, title CNY 充值 or USDT 充值 (specification §2, §4). */
export function RechargePopup({ currency, accountType, onClose }: RechargePopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<RechargeOption["id"] | null>(null);
  const [amount, setAmount] = useState("");

  if (!currency) return null;
  const options = optionsOf(currency);
  const cnyAmountOk = currency !== "CNY" || !("problem" in parseAmountInput(amount, CNY_DECIMALS));
  const canConfirm = method !== null && cnyAmountOk;

  const confirm = () => {
    if (!canConfirm) return;
    if (currency === "CNY") {
      if (accountType === USDT_ONLY_ACCOUNT_TYPE) {
        toast.error(t("recharge.usdtOnly"));
        return;
      }
      // No payment channel exists yet (specification §4): say so, refresh the balances, close; no call.
      toast.info(t("recharge.channelPending"));
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      onClose();
      return;
    }
    if (method === "TRON") {
      toast.error(t("recharge.tronUnsupported"));
      return;
    }
    onClose();
    void navigate(`${paths.recharge}?payId=BSC`);
  };

  return (
    <BottomSheet
      open
      title={currency === "CNY" ? t("recharge.titleCny") : t("recharge.titleUsdt")}
      onClose={onClose}
      testId="recharge-popup"
    >
      <div className="form-stack">
        {currency === "CNY" ? (
          <TextField
            label={t("recharge.amount")}
            placeholder={t("recharge.amountPlaceholder")}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(sanitiseAmountTyping(e.target.value, CNY_DECIMALS))}
            data-testid="recharge-amount"
          />
        ) : null}
        <fieldset className="options">
          <legend>{currency === "CNY" ? t("recharge.method") : t("recharge.chain")}</legend>
          {options.map((option) => (
            <label key={option.id} className="option">
              <input
                type="radio"
                name="recharge-method"
                checked={method === option.id}
                onChange={() => setMethod(option.id)}
                data-testid={`recharge-option-${option.id}`}
              />
              <RechargeIcon name={option.icon} />
              <span>{option.labelKey ? t(dataKey(option.labelKey)) : option.name}</span>
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={!canConfirm}
          onClick={confirm}
          data-testid="recharge-confirm"
        >
          {t("recharge.confirm")}
        </button>
      </div>
    </BottomSheet>
  );
}
