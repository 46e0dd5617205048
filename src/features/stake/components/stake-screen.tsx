import { useLatestBlock } from "@/components/protocol/as-of-block";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { useMyFigures } from "@/lib/protocol/my-figures";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { useWalletGuard } from "@/lib/protocol/wallet-guard-slot";
import { useStakeOverview } from "../hooks/use-stake-reads";
import { StakeBalances, serverBalancesOf } from "./stake-balances";
import { StakeForm } from "./stake-form";
import { StakeList } from "./stake-list";
import { StakeSummary } from "./stake-summary";
import { StakeSummaryPreview } from "./stake-summary-preview";

export function StakeScreen() {
  const { address, readiness } = useWalletReadiness();
  const viewer = useViewerAddress();
  const guard = useWalletGuard();
  const { overview, isError, refetch, isFetching } = useStakeOverview(viewer);
  const block = useLatestBlock();
  const server = usePublicFigures();
  const figures = server.data?.figures;
  // The wallet's summary once its reads and its block are both here; until then the server's, the
  // same card in the same place (what the layout's fallback showed), so nothing moves.
  const summary =
    overview && block ? (
      <StakeSummary overview={overview} block={block} />
    ) : figures?.stake ? (
      <StakeSummaryPreview figures={figures} seenAt={server.dataUpdatedAt} />
    ) : null;
  // The account's balances: the wallet's reads, else the server's for the session's account (the
  // card the layout's fallback showed, in the same place: the guard goes below it).
  const mine = useMyFigures();
  const balances =
    overview?.pexBalance !== undefined && overview.spexBalance !== undefined
      ? { pexBalance: overview.pexBalance, spexBalance: overview.spexBalance, source: "chain" as const }
      : serverBalancesOf(mine.data?.figures, viewer);
  const loadError = isError && !overview ? <LoadError onRetry={() => void refetch()} busy={isFetching} /> : null;
  if (!summary)
    return (
      <>
        {loadError ?? <PageSpinner />}
        {guard}
      </>
    );
  return (
    <>
      {summary}
      {balances ? <StakeBalances {...balances} /> : null}
      {guard}
      {loadError}
      {/* Writes never take the server's figures: the form's balance and plan are the wallet's reads. */}
      {overview ? (
        <WalletGate>{address ? <StakeForm account={address} pexBalance={overview.pexBalance} /> : null}</WalletGate>
      ) : null}
      {viewer ? <StakeList account={viewer} canWrite={readiness === "ready"} /> : null}
    </>
  );
}
