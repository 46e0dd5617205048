import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AsOfLine } from "@/components/protocol/as-of-line";
import { FigureList } from "@/components/protocol/figure-list";
import type { FiguresBlock } from "@/lib/protocol/figures-block";
import { useRenderLanguage } from "@/lib/i18n/use-render-language";
import { formatChainTime, formatCountdown } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { ROUND_STATE_NAMES, RoundState } from "../utils/round-state";
import type { RoundCardFigures } from "../utils/round-figures";
import { winChance } from "../utils/win-chance";

/** The round's state as of the chain clock `now`, so the card turns over when the countdown ends. */
export function roundStateAt(round: { state: number; startTime: bigint; endTime: bigint }, now: number | undefined): number {
  if (now === undefined || round.state >= RoundState.Drawn) return round.state;
  return now < Number(round.startTime)
    ? RoundState.NotStart
    : now < Number(round.endTime)
      ? RoundState.Joining
      : RoundState.DrawingWinner;
}

/**
 * The current round: state with its countdown, jackpot, players, entries, the player's chance,
 * from what it is given: no wallet code, so the server's figures paint it before the wallet has
 * loaded and the wallet's reads repaint the same markup. `now` is the chain's clock; `children`
 * (Join Now) goes at the card's foot.
 */
export function RoundCardView({
  lottery,
  block,
  now,
  children,
}: {
  lottery: RoundCardFigures;
  block: FiguresBlock | undefined;
  now: number | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useRenderLanguage();
  const { round, symbol, decimals, player } = lottery;
  if (!round) {
    return (
      <section className="card lottery-round" aria-labelledby="lottery-round">
        <h2 id="lottery-round" className="card__title">
          {t("lottery.round.none")}
        </h2>
        <AsOfLine block={block} />
        <p className="muted">{t("lottery.round.noneHint")}</p>
      </section>
    );
  }
  const state = roundStateAt(round, now);
  const stateName = ROUND_STATE_NAMES[state] ?? "drawn";
  const target = state === RoundState.NotStart ? round.startTime : state === RoundState.Joining ? round.endTime : undefined;
  const mine = player?.entries ?? 0n;
  const chance = winChance(mine, round.totalEntries);
  return (
    <section className="card lottery-round" aria-labelledby="lottery-round" data-testid="lottery-round" data-state={stateName}>
      <div className="lottery-round__head">
        <h2 id="lottery-round" className="card__title">
          {t("lottery.round.title", { id: round.id.toString() })}
        </h2>
        <span className={`lottery-state lottery-state--${stateName}`} data-testid="lottery-state">
          {t(`lottery.state.${stateName}`)}
        </span>
      </div>
      <AsOfLine block={block} />
      <p className="lottery-round__jackpot">
        <span className="muted">{t("lottery.jackpot")}</span>
        <strong data-testid="lottery-jackpot">
          {formatToken(round.jackpot, decimals, 2)} {symbol}
        </strong>
      </p>
      {target !== undefined && now !== undefined ? (
        <p className="lottery-countdown" role="timer" aria-live="off" data-testid="lottery-countdown">
          {t(state === RoundState.NotStart ? "lottery.startsIn" : "lottery.endsIn")}{" "}
          <strong>{formatCountdown(Number(target) - now)}</strong>
        </p>
      ) : state === RoundState.DrawingWinner ? (
        <p className="lottery-countdown" data-testid="lottery-countdown">
          {t("lottery.drawingHint")}
        </p>
      ) : null}
      <FigureList
        figures={[
          { id: "lottery-players", label: t("lottery.players"), value: round.players.toString() },
          { id: "lottery-entries", label: t("lottery.entries"), value: round.totalEntries.toString() },
          {
            id: "lottery-ticket",
            label: t("lottery.ticketPrice"),
            value: `${formatToken(round.ticketPrice, decimals, 2)} ${symbol}`,
          },
          { id: "lottery-end", label: t("lottery.endTime"), value: formatChainTime(round.endTime, lang) },
          ...(player
            ? [
                { id: "lottery-my-entries", label: t("lottery.myEntries"), value: mine.toString() },
                {
                  id: "lottery-chance",
                  label: t("lottery.winChance"),
                  value: chance ? t("lottery.chanceValue", { oneIn: chance.oneIn, percent: chance.percent }) : "—",
                },
              ]
            : []),
        ]}
      />
      {children}
    </section>
  );
}
