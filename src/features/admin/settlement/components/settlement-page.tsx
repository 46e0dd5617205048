import { useTranslation } from "react-i18next";
import { Facts } from "../../components/facts";
import { exactAmount } from "../../utils/money";
import { useRunSettlement } from "../api/run-settlement";

/** Settlement (treasurer): runs the daily-income pass now, beside the scheduled job, and shows what it did. */
export function SettlementPage() {
  const { t } = useTranslation();
  const run = useRunSettlement();
  const totals = run.data;
  return (
    <section className="card console-section form-stack" aria-labelledby="settlement-title">
      <h2 id="settlement-title" className="card__title">
        {t("console.area.settlement")}
      </h2>
      <p className="muted console-note">{t("console.settlement.note")}</p>
      <button
        type="button"
        className="btn btn--primary"
        disabled={run.isPending}
        aria-busy={run.isPending}
        onClick={() => run.mutate()}
        data-testid="settlement-run"
      >
        {run.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t("console.settlement.run")}
      </button>
      <div aria-live="polite">
        {totals ? (
          <div data-testid="settlement-result">
            <h3 className="console-subtitle">{t("console.settlement.result")}</h3>
            <Facts
              items={[
                [t("console.settlement.orders"), totals.orders],
                [t("console.settlement.days"), totals.days],
                [t("console.settlement.income"), `${exactAmount("USDT", totals.incomeUsdt)} USDT`],
                [t("console.settlement.rewards"), `${exactAmount("USDT", totals.rewardsUsdt)} USDT`],
                [t("console.settlement.completed"), totals.completed],
              ]}
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
