import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { WalletGate } from "@/components/protocol/chain-guard";
import { useWriteGameWithdraw } from "@generated/hooks/game";
import { formatToken } from "@/lib/protocol/token-amount";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useTransactor } from "@/lib/wallet/use-transactor";
import type { LotteryData } from "../hooks/use-lottery";
import { usePlayerWins } from "../hooks/use-player-events";
import { LOTTERY_ERRORS_ABI } from "../utils/game";
import { TxHash } from "./tx-hash";

/**
 * Rewards won. The contract credits a prize to the winner's game balance when the round is
 * drawn; Claim takes it (as far as the game balance still holds it) to the wallet.
 */
export function RewardsList({ account, lottery }: { account: Address; lottery: LotteryData }) {
  const { t } = useTranslation();
  const wins = usePlayerWins(account);
  const tx = useTransactor({ key: "lottery:claim", abi: LOTTERY_ERRORS_ABI });
  const { writeContractAsync } = useWriteGameWithdraw();
  const balance = lottery.player?.balance ?? 0n;
  if (wins.isError && !wins.data) return <LoadError onRetry={() => void wins.refetch()} busy={wins.isFetching} />;
  if (!wins.data) return <PageSpinner />;
  if (wins.data.length === 0) return <Empty text={t("lottery.rewards.none")} />;
  return (
    <>
      <p className="muted">{t("lottery.rewards.hint")}</p>
      <ul className="protocol-list" data-testid="lottery-rewards">
        {wins.data.map((w) => {
          const claimable = w.prize < balance ? w.prize : balance;
          return (
            <li key={w.round.toString()} data-testid="lottery-reward">
              <div className="lottery-history__head">
                <strong>{t("lottery.history.round", { id: w.round.toString() })}</strong>
                <span>{`${formatToken(w.prize, lottery.decimals, 2)} ${lottery.symbol}`}</span>
              </div>
              <p className="muted lottery-record__meta">
                <TxHash hash={w.hash} />
              </p>
              <WalletGate>
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={claimable === 0n || tx.busy}
                  onClick={() => void tx.run("claim", () => writeContractAsync({ args: [lottery.token, claimable] }))}
                  data-testid="lottery-claim"
                >
                  {claimable === 0n
                    ? t("lottery.rewards.claimed")
                    : t("lottery.rewards.claim", { amount: formatToken(claimable, lottery.decimals, 2), symbol: lottery.symbol })}
                </button>
              </WalletGate>
            </li>
          );
        })}
      </ul>
      <TransactionStatus state={tx.state} testId="lottery-claim-status" />
    </>
  );
}
