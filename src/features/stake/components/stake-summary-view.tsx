import { formatUnits } from "@domain/money";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FigureCardView } from "@/components/protocol/figure-card-view";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { formatCountdown } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { apyWad, epochsPerYear, rateWad } from "../utils/apy";
import type { StakeSummaryFigures } from "../utils/stake-figures";

/**
 * The stake summary's figures (APY with its formula, epoch, next rebase countdown, total staked)
 * from what it is given: no wallet code, so the server's figures paint it before the wallet has
 * loaded and the wallet's reads repaint the same markup. `now` is the chain's clock; `children`,
 * below the formula, is where the live card puts the rebase button.
 */
export function StakeSummaryView({
  summary,
  block,
  now,
  children,
}: {
  summary: StakeSummaryFigures;
  block: FiguresBlock | undefined;
  now: number | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const secondsLeft = now === undefined ? undefined : Number(summary.nextRebase) - now;
  const due = secondsLeft !== undefined && secondsLeft <= 0;
  const rate = rateWad(summary.rewardRate, summary.denominator);
  const apy = apyWad(summary.rewardRate, summary.denominator, summary.epochLength);
  const n = epochsPerYear(summary.epochLength);
  return (
    <FigureCardView
      id="stake-summary"
      title={t("protocol.stake.summary")}
      block={block}
      figures={[
        { id: "apy", label: t("protocol.stake.apy"), value: `${formatUnits(apy * 100n, 18, 2)}%` },
        { id: "epoch", label: t("protocol.stake.epoch"), value: summary.epochNumber.toString() },
        {
          id: "nextRebase",
          label: t("protocol.stake.nextRebase"),
          value: secondsLeft === undefined ? "…" : due ? t("protocol.stake.rebaseDue") : formatCountdown(secondsLeft),
        },
        { id: "totalStaked", label: t("protocol.stake.totalStaked"), value: `${formatToken(summary.totalStaked)} PEX` },
      ]}
    >
      <p className="muted" data-testid="apy-formula">
        {t("protocol.stake.apyFormula", { rate: `${formatUnits(rate * 100n, 18, 4)}%`, n: n.toString() })}
      </p>
      {/* A due rebase's button comes with the wallet: its place is kept from the first paint. */}
      {due ? (
        <div className="action-slot" data-testid="rebase-slot">
          {children}
        </div>
      ) : (
        children
      )}
    </FigureCardView>
  );
}
