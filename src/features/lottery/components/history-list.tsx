import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { Pager } from "@/components/ui/pager";
import { PageSpinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { HISTORY_PAGE_SIZE, useDrawTransactions, useRounds } from "../hooks/use-history";
import { usePlayerNames } from "../hooks/use-player-names";
import { ZERO_ADDRESS } from "../utils/game";
import { historyStatus, RoundState } from "../utils/round-state";
import { RoundDetail } from "./round-detail";
import { TxHash } from "./tx-hash";

/**
 * The lottery history (specification §3): round, winner, parameter (the randomness), detail,
 * number (winning entry), contestants, amount (prize), status; every drawn round names its draw
 * transaction, and its detail recomputes the draw.
 */
export function HistoryList({ roundCount, symbol, decimals }: { roundCount: bigint; symbol: string; decimals: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const rounds = useRounds(page);
  const drawn = (rounds.data ?? []).filter((r) => r.state === RoundState.Drawn).map((r) => r.id);
  const draws = useDrawTransactions(drawn);
  const nameOf = usePlayerNames((rounds.data ?? []).map((r) => r.winner));
  if (rounds.isError && !rounds.data) return <LoadError onRetry={() => void rounds.refetch()} busy={rounds.isFetching} />;
  if (!rounds.data) return <PageSpinner />;
  if (rounds.data.length === 0) return <Empty />;
  return (
    <>
      <ul className="protocol-list lottery-history" data-testid="lottery-history">
        {rounds.data.map((r) => {
          const status = historyStatus(r.state);
          const drawTx = draws.data?.get(r.id.toString());
          return (
            <li key={r.id.toString()} data-testid="lottery-history-item" data-round={r.id.toString()}>
              <div className="lottery-history__head">
                <strong>{t("lottery.history.round", { id: r.id.toString() })}</strong>
                <StatusBadge tone={status === "cancelled" ? "failed" : status} testId="lottery-history-status">
                  {t(`lottery.status.${status}`)}
                </StatusBadge>
              </div>
              <dl className="figures">
                <Row label={t("lottery.history.winner")} testId="lottery-history-winner">
                  {r.winner !== ZERO_ADDRESS ? <span title={r.winner}>{nameOf(r.winner)}</span> : "—"}
                </Row>
                <Row label={t("lottery.history.parameter")}>
                  {r.state === RoundState.Drawn ? (
                    <code className="lottery-hex">{`0x${r.randomness.toString(16).slice(0, 12)}…`}</code>
                  ) : (
                    "—"
                  )}
                </Row>
                <Row label={t("lottery.history.number")}>{r.state === RoundState.Drawn ? `#${r.winningNumber}` : "—"}</Row>
                <Row label={t("lottery.history.contestant")}>
                  {t("lottery.history.contestants", { players: r.players.toString(), entries: r.totalEntries.toString() })}
                </Row>
                <Row label={t("lottery.history.amount")}>
                  {`${formatToken(r.state === RoundState.Drawn ? r.prize : r.jackpot, decimals, 2)} ${symbol}`}
                </Row>
                <Row label={t("lottery.history.time")}>{formatChainTime(r.endTime)}</Row>
                <Row label={t("lottery.history.drawTx")}>{drawTx ? <TxHash hash={drawTx} /> : "—"}</Row>
              </dl>
              <RoundDetail round={r} drawTx={drawTx} />
            </li>
          );
        })}
      </ul>
      <Pager page={page} limit={HISTORY_PAGE_SIZE} total={Number(roundCount)} onPage={setPage} />
    </>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="figures__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
