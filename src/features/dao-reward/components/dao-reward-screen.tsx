import { useTranslation } from "react-i18next";
import { FigureCard } from "@/components/protocol/figure-card";
import { WalletGate, useViewerAddress } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { useReadDaoGetNodeInfo, useReadDaoLevelThresholds, useWriteDaoClaimDividends } from "@generated/hooks/dao";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useProtocolTx } from "@/lib/protocol/use-protocol-tx";
import { TransactionStatus } from "@/lib/wallet/transaction-status";
import { formatGrowthBps, nextLevel, nodeTypeKey } from "../utils/node-type";

/** DAO Reward: node type, team's sPEX quantity and growth rate, date of dividend, claim. */
export function DaoRewardScreen() {
  const { t } = useTranslation();
  const address = useViewerAddress();
  const {
    data: info,
    isError,
    refetch,
    isFetching,
  } = useReadDaoGetNodeInfo({
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address), refetchInterval: 30_000 },
  });
  const { data: thresholds } = useReadDaoLevelThresholds();
  const tx = useProtocolTx("dao-claim");
  const claim = useWriteDaoClaimDividends();
  if (!address) return <WalletGate>{null}</WalletGate>;
  if (isError && !info) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!info) return <PageSpinner />;
  const next = thresholds ? nextLevel(info.nodeType, thresholds) : null;
  const never = t("protocol.dao.never");
  return (
    <FigureCard
      id="dao-title"
      title={t("protocol.dao.title")}
      figures={[
        { id: "dao-node", label: t("protocol.dao.nodeType"), value: t(`protocol.dao.nodeTypes.${nodeTypeKey(info.nodeType)}`) },
        { id: "dao-team", label: t("protocol.dao.teamSPex"), value: `${formatToken(info.teamSPex)} sPEX` },
        {
          id: "dao-growth",
          label: t("protocol.dao.growthRate"),
          value: formatGrowthBps(info.growthRateBps),
          tone: info.growthRateBps < 0n ? "warn" : "good",
        },
        {
          id: "dao-dividend-date",
          label: t("protocol.dao.dividendDate"),
          value: info.lastDividendAt > 0n ? formatChainTime(info.lastDividendAt) : never,
        },
        {
          id: "dao-last-claim",
          label: t("protocol.dao.lastClaim"),
          value: info.lastClaimAt > 0n ? formatChainTime(info.lastClaimAt) : never,
        },
        { id: "dao-pending", label: t("protocol.dao.pending"), value: `${formatToken(info.pendingDividends, 18, 4)} PEX` },
        { id: "dao-invitees", label: t("protocol.dao.invitees"), value: info.directInvitees.toString() },
        ...(next
          ? [
              {
                id: "dao-next",
                label: t("protocol.dao.nextLevel"),
                value: t("protocol.dao.nextLevelValue", {
                  level: t(`protocol.dao.nodeTypes.${next.key}`),
                  amount: formatToken(next.needs, 18, 0),
                }),
              },
            ]
          : []),
      ]}
    >
      <WalletGate>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={tx.busy || info.pendingDividends === 0n}
          onClick={() => void tx.run("claimDividends", () => claim.writeContractAsync({}))}
          data-testid="dao-claim"
        >
          {t("protocol.dao.claim")}
        </button>
        <TransactionStatus state={tx.state} testId="dao-status" />
      </WalletGate>
    </FigureCard>
  );
}
