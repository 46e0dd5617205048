import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { ChainListCard } from "@/components/protocol/chain-list-card";
import { FigureList } from "@/components/protocol/figure-list";
import { useWriteSpexUnStake } from "@generated/hooks/spex";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { useStakes } from "../hooks/use-stake-reads";

/** The stake list (specification §3): stake time (UTC+8), principal, total reward, next rebase reward; unstake. */
export function StakeList({ account, canWrite }: { account: Address; canWrite: boolean }) {
  const { t } = useTranslation();
  const { data, isError, refetch, isFetching } = useStakes(account);
  const tx = useProtocolTx("unstake");
  const { writeContractAsync } = useWriteSpexUnStake();
  const open = data?.filter((s) => !s.closed);
  return (
    <ChainListCard
      id="stake-list"
      title={t("protocol.stake.listTitle")}
      items={open}
      isError={isError}
      onRetry={() => void refetch()}
      retrying={isFetching}
      testId="stake-items"
      footer={<TransactionStatus state={tx.state} testId="unstake-status" />}
      renderItem={(s) => (
        <li key={s.id.toString()} data-testid="stake-item" data-id={s.id.toString()}>
          <FigureList
            figures={[
              { id: `stake-${s.id}-time`, label: t("protocol.stake.stakeTime"), value: formatChainTime(s.stakeTime) },
              {
                id: `stake-${s.id}-principal`,
                label: t("protocol.stake.principal"),
                value: `${formatToken(s.principal, 18, 4)} PEX`,
              },
              {
                id: `stake-${s.id}-reward`,
                label: t("protocol.stake.totalReward"),
                value: `${formatToken(s.totalReward, 18, 6)} PEX`,
              },
              {
                id: `stake-${s.id}-next`,
                label: t("protocol.stake.nextRebaseReward"),
                value: `${formatToken(s.nextRebaseReward, 18, 6)} PEX`,
              },
            ]}
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={tx.busy || !canWrite}
            onClick={() => void tx.run("unstake", () => writeContractAsync({ args: [s.id] }))}
            data-testid="unstake"
          >
            {t("protocol.stake.unstake")}
          </button>
        </li>
      )}
    />
  );
}
