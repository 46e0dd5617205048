import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { WalletGate } from "@/components/protocol/chain-guard";
import { formatChainTime, formatCountdown } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useChainNow } from "@/lib/protocol/use-chain-now";
import type { LotteryData } from "../hooks/use-lottery";
import { ROUND_STATE_NAMES, RoundState } from "../utils/round-state";
import { winChance } from "../utils/win-chance";
import { JoinForm } from "./join-form";

/** The current round: state with its countdown, jackpot, players, entries, the player's chance, Join Now. */
export function RoundCard({ lottery }: { lottery: LotteryData }) {
  const { t } = useTranslation();
  const now = useChainNow();
  const { round, symbol, decimals, player } = lottery;
  if (!round) {
    return (
      <section className="card lottery-round" aria-labelledby="lottery-round">
        <h2 id="lottery-round" className="card__title">
          {t("lottery.round.none")}
        </h2>
        <p className="muted">{t("lottery.round.noneHint")}</p>
      </section>
    );
  }
  // The state as of the ticking chain clock, so the card turns over when the countdown ends.
  let state: number = round.state;
  if (now !== undefined && state < RoundState.Drawn) {
    state =
      now < Number(round.startTime)
        ? RoundState.NotStart
        : now < Number(round.endTime)
          ? RoundState.Joining
          : RoundState.DrawingWinner;
  }
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
          { id: "lottery-end", label: t("lottery.endTime"), value: formatChainTime(round.endTime) },
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
      <WalletGate>{player ? <JoinForm lottery={lottery} joining={state === RoundState.Joining} /> : null}</WalletGate>
    </section>
  );
}
