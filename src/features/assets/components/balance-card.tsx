import { formatCny, formatUsdt, thousands } from "@domain/money";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "@/components/ui/spinner";
import type { UserInfo } from "@/types/api";
import "./assets.css";

export type AssetAction = "cny" | "usdt" | "withdraw" | "transfer";

/** The three balances (and a debt, when a reversed recharge left one) and the recharge, withdraw and transfer buttons. */
export function BalanceCard({ info, onAction }: { info: UserInfo | undefined; onAction: (action: AssetAction) => void }) {
  const { t } = useTranslation();
  // The debt rule (domain/debt.ts): shown so a refused order, transfer or withdrawal has its reason on the page.
  const debt = BigInt(info?.debtUsdt ?? "0");
  const balances = info
    ? [
        { key: "amountCny", label: t("assets.amountCny"), value: thousands(formatCny(info.amountCny)), unit: "CNY" },
        { key: "amountUsdt", label: t("assets.amountUsdt"), value: thousands(formatUsdt(info.amountUsdt)), unit: "USDT" },
        { key: "withdrawUsdt", label: t("assets.withdrawUsdt"), value: thousands(formatUsdt(info.withdrawUsdt)), unit: "USDT" },
      ]
    : [];
  return (
    <section className="card balances" aria-labelledby="balances-title">
      <h2 id="balances-title" className="card__title">
        {t("assets.balances")}
      </h2>
      {info ? (
        <dl className="balances__list">
          {balances.map((b) => (
            <div key={b.key} className="balances__item">
              <dt>{b.label}</dt>
              <dd data-testid={`balance-${b.key}`}>
                {b.value} <span className="balances__unit">{b.unit}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <PageSpinner />
      )}
      {debt > 0n ? (
        <p className="balances__debt" role="alert" data-testid="balance-debt">
          {t("assets.debt", { amount: thousands(formatUsdt(debt)) })}
        </p>
      ) : null}
      <div className="balances__actions">
        <button type="button" className="btn btn--primary" onClick={() => onAction("cny")} data-testid="recharge-cny">
          {t("assets.rechargeCny")}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => onAction("usdt")} data-testid="recharge-usdt">
          {t("assets.rechargeUsdt")}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => onAction("withdraw")} data-testid="open-withdraw">
          {t("assets.withdraw")}
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => onAction("transfer")} data-testid="open-transfer">
          {t("assets.transfer")}
        </button>
      </div>
    </section>
  );
}
