import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useReadContracts } from "wagmi";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { gameAbi } from "@generated/abi/game";
import { formatToken } from "@/lib/protocol/token-amount";
import type { RoundInfo } from "../hooks/use-lottery";
import { usePlayerEntries } from "../hooks/use-player-events";
import { gameAddress } from "../utils/game";
import { historyStatus, RoundState } from "../utils/round-state";
import { winChance } from "../utils/win-chance";

/** Mine: the rounds the player entered, its entries and chance, and whether it won. */
export function MyEntries({ account, symbol, decimals }: { account: Address; symbol: string; decimals: number }) {
  const { t } = useTranslation();
  const entries = usePlayerEntries(account);
  const rows = (entries.data ?? []).slice(0, 20);
  const rounds = useReadContracts({
    allowFailure: false,
    contracts: rows.map((r) => ({
      address: gameAddress,
      abi: gameAbi,
      functionName: "getRound" as const,
      args: [r.round] as const,
    })),
    query: { enabled: rows.length > 0 },
  });
  if (entries.isError && !entries.data) return <LoadError onRetry={() => void entries.refetch()} busy={entries.isFetching} />;
  if (!entries.data) return <PageSpinner />;
  if (rows.length === 0) return <Empty />;
  return (
    <ul className="protocol-list" data-testid="lottery-mine">
      {rows.map((row, i) => {
        const round = rounds.data?.[i] as RoundInfo | undefined;
        const chance = round ? winChance(row.entries, round.totalEntries) : null;
        const status = round ? historyStatus(round.state) : "pending";
        const won = round?.state === RoundState.Drawn && round.winner.toLowerCase() === account.toLowerCase();
        return (
          <li key={row.round.toString()} data-testid="lottery-mine-item" data-round={row.round.toString()}>
            <div className="lottery-history__head">
              <strong>{t("lottery.history.round", { id: row.round.toString() })}</strong>
              <StatusBadge tone={status === "cancelled" ? "failed" : status}>{t(`lottery.status.${status}`)}</StatusBadge>
            </div>
            <dl className="figures">
              <div className="figures__row">
                <dt>{t("lottery.entries")}</dt>
                <dd data-testid="lottery-mine-entries">{row.entries.toString()}</dd>
              </div>
              <div className="figures__row">
                <dt>{t("lottery.mine.cost")}</dt>
                <dd>{`${formatToken(row.cost, decimals, 2)} ${symbol}`}</dd>
              </div>
              <div className="figures__row">
                <dt>{t("lottery.winChance")}</dt>
                <dd>{chance ? t("lottery.chanceValue", { oneIn: chance.oneIn, percent: chance.percent }) : "—"}</dd>
              </div>
              <div className="figures__row">
                <dt>{t("lottery.mine.result")}</dt>
                <dd>
                  {round?.state === RoundState.Drawn
                    ? won
                      ? t("lottery.mine.won")
                      : t("lottery.mine.lost")
                    : row.auto
                      ? t("lottery.mine.auto")
                      : "—"}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
