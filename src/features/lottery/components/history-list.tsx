import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toHex, zeroAddress } from "viem";
import { useBlock } from "wagmi";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { Pager } from "@/components/ui/pager";
import { PageSpinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { HISTORY_PAGE_SIZE, useDrawTransactions, useRounds } from "../hooks/use-history";
import { usePlayerNames } from "../hooks/use-player-names";
import { drawStatus, historyStatus, RoundState, shortDecimal } from "../utils/round-state";
import { RoundDetail } from "./round-detail";
import { TxHash } from "./tx-hash";

/**
 * The lottery history (specification §3): round, winner, parameter (the VRF word), detail,
 * number (winning entry), contestants, amount (prize), status. Each round shows where its draw
 * stands and its proof: the VRF request id, the random word and the fulfilment transaction (the
 * WinnerDrawn event's); its detail checks the word against the coordinator's output.
 */
export function HistoryList({ roundCount, symbol, decimals }: { roundCount: bigint; symbol: string; decimals: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const rounds = useRounds(page);
  const drawn = (rounds.data ?? []).filter((r) => r.state === RoundState.Drawn).map((r) => r.id);
  const draws = useDrawTransactions(drawn);
  const nameOf = usePlayerNames((rounds.data ?? []).map((r) => r.winner));
  const { data: block } = useBlock({ watch: true });
  if (rounds.isError && !rounds.data) return <LoadError onRetry={() => void rounds.refetch()} busy={rounds.isFetching} />;
  if (!rounds.data) return <PageSpinner />;
  if (rounds.data.length === 0) return <Empty />;
  return (
    <>
      <ul className="protocol-list lottery-history" data-testid="lottery-history">
        {rounds.data.map((r) => {
          const status = historyStatus(r.state);
          const draw = drawStatus(r, block?.timestamp ?? 0n);
          const fulfilTx = draws.data?.get(r.id.toString());
          const word = toHex(r.randomness, { size: 32 });
          return (
            <li key={r.id.toString()} data-testid="lottery-history-item" data-round={r.id.toString()}>
              <div className="lottery-history__head">
                <strong>{t("lottery.history.round", { id: r.id.toString() })}</strong>
              </div>
              <dl className="figures">
                <Row label={t("lottery.history.status")}>
                  <StatusBadge tone={status === "cancelled" ? "failed" : status} testId="lottery-history-status">
                    {t(`lottery.status.${status}`)}
                  </StatusBadge>
                </Row>
                <Row label={t("lottery.history.winner")} testId="lottery-history-winner">
                  {r.winner !== zeroAddress ? <span title={r.winner}>{nameOf(r.winner)}</span> : "—"}
                </Row>
                <Row label={t("lottery.history.draw")} testId="lottery-history-draw">
                  <span data-status={draw}>{t(`lottery.draw.${draw}`)}</span>
                </Row>
                <Row label={t("lottery.history.requestId")} testId="lottery-history-request">
                  {r.requestId === 0n ? "—" : <code title={r.requestId.toString()}>{shortDecimal(r.requestId)}</code>}
                </Row>
                <Row label={t("lottery.history.parameter")} testId="lottery-history-word">
                  {r.state === RoundState.Drawn ? (
                    <code className="lottery-hex lottery-hex--short" title={word}>{`${word.slice(0, 12)}…`}</code>
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
                <Row label={t("lottery.history.fulfilTx")} testId="lottery-history-fulfil">
                  {fulfilTx ? <TxHash hash={fulfilTx} /> : "—"}
                </Row>
              </dl>
              <RoundDetail round={r} fulfilTx={fulfilTx} />
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
