import type { KeyboardEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

export const LOTTERY_TABS = ["history", "mine", "recharge", "withdraw", "rewards"] as const;
export type LotteryTab = (typeof LOTTERY_TABS)[number];

/**
 * The five tabs (History, Mine, Recharge, Withdraw, Rewards) as an ARIA tab list with arrow-key
 * movement. The chosen tab is the screen's (lottery-screen.tsx), which keeps it while the reads
 * start over and the tabs are gone for a moment.
 */
export function LotteryTabs({
  active,
  onChange: setActive,
  render,
}: {
  active: LotteryTab;
  onChange: (tab: LotteryTab) => void;
  render: (tab: LotteryTab) => ReactNode;
}) {
  const { t } = useTranslation();
  const move = (e: KeyboardEvent, index: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = LOTTERY_TABS[(index + step + LOTTERY_TABS.length) % LOTTERY_TABS.length]!;
    setActive(next);
    document.getElementById(`lottery-tab-${next}`)?.focus();
  };
  return (
    <section className="card lottery-tabs">
      <div role="tablist" aria-label={t("lottery.tabs.label")} className="lottery-tabs__list">
        {LOTTERY_TABS.map((tab, i) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`lottery-tab-${tab}`}
            aria-selected={active === tab}
            aria-controls={`lottery-panel-${tab}`}
            tabIndex={active === tab ? 0 : -1}
            className="lottery-tabs__tab"
            onClick={() => setActive(tab)}
            onKeyDown={(e) => move(e, i)}
            data-testid={`lottery-tab-${tab}`}
          >
            {t(`lottery.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`lottery-panel-${active}`}
        aria-labelledby={`lottery-tab-${active}`}
        className="lottery-tabs__panel"
      >
        {render(active)}
      </div>
    </section>
  );
}
