import { PAY_TYPES, type PayType } from "@domain/order-income";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import { ApiError } from "@/lib/api-client";
import { amountCny, amountUsdt, priceCny, priceUsdt } from "@/lib/money-format";
import { toast } from "@/lib/toast";
import { usePlaceOrder } from "../api/place-order";
import "./purchase-popup.css";

export interface PurchaseProduct {
  id: number;
  title: string;
  priceCny: string;
  priceUsdt: string;
}

export interface PurchaseBalances {
  amountCny: string;
  amountUsdt: string;
}

export interface PurchasePopupProps {
  open: boolean;
  product: PurchaseProduct;
  /** The buyer's balances from user info; null while they load. */
  balances: PurchaseBalances | null;
  onClose: () => void;
}

/**
 * Purchase popup (specification §2, §4), title 抢购: the price in yuan and ≈ USDT, two payment
 * choices with their balances, 确认购买 disabled until one is chosen. A confirmed order toasts
 * 购买成功, refreshes user info and closes; a refusal keeps the popup open with the server's msg.
 */
export function PurchasePopup({ open, product, balances, onClose }: PurchasePopupProps) {
  const { t } = useTranslation();
  const [payType, setPayType] = useState<PayType | null>(null);
  const order = usePlaceOrder({
    onSuccess: () => {
      toast.success(t("orders.success"));
      close();
    },
  });

  function close() {
    setPayType(null);
    order.reset();
    onClose();
  }

  const choices = [
    {
      value: PAY_TYPES.CNY,
      label: t("orders.payCny"),
      balance: balances ? `¥${amountCny(balances.amountCny)}` : "…",
      testId: "pay-cny",
    },
    {
      value: PAY_TYPES.USDT,
      label: t("orders.payUsdt"),
      balance: balances ? `${amountUsdt(balances.amountUsdt)} USDT` : "…",
      testId: "pay-usdt",
    },
  ];
  const refusal = order.error instanceof ApiError ? order.error.msg : order.error ? t("api.failed") : null;

  return (
    <BottomSheet open={open} title={t("orders.popupTitle")} onClose={close} testId="purchase-popup">
      <p className="purchase__product">{product.title}</p>
      <p className="purchase__price">
        <span className="purchase__cny" data-testid="popup-price-cny">
          ¥{priceCny(product.priceCny)}
        </span>
        <span className="purchase__usdt" data-testid="popup-price-usdt">
          ≈ {priceUsdt(product.priceUsdt)} USDT
        </span>
      </p>
      <fieldset className="purchase__choices">
        <legend className="purchase__legend">{t("orders.payWith")}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="pay-choice" data-testid={choice.testId}>
            <input
              type="radio"
              name="payType"
              value={choice.value}
              checked={payType === choice.value}
              onChange={() => setPayType(choice.value)}
              disabled={order.isPending}
            />
            <span className="pay-choice__label">{choice.label}</span>
            <span className="pay-choice__balance" data-testid={`${choice.testId}-balance`}>
              {t("orders.balance", { amount: choice.balance })}
            </span>
          </label>
        ))}
      </fieldset>
      {refusal ? (
        <p className="alert" role="alert" data-testid="purchase-error">
          {refusal}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--block purchase__confirm"
        disabled={payType === null || order.isPending}
        onClick={() => payType !== null && order.mutate({ productId: product.id, payType })}
        data-testid="purchase-confirm"
      >
        {order.isPending ? t("orders.paying") : t("orders.confirm")}
      </button>
    </BottomSheet>
  );
}
