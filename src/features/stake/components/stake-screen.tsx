import { useTranslation } from "react-i18next";
import { useLatestBlock } from "@/components/protocol/as-of-block";
import { FigureList } from "@/components/protocol/figure-list";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { formatToken } from "@/lib/protocol/token-amount";
import { useWalletGuard } from "@/lib/protocol/wallet-guard-slot";
import { useStakeOverview } from "../hooks/use-stake-reads";
import { StakeForm } from "./stake-form";
import { StakeList } from "./stake-list";
import { StakeSummary } from "./stake-summary";
import { StakeSummaryPreview } from "./stake-summary-preview";

export function StakeScreen() {
  const { t } = useTranslation();
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
      {guard}
      {loadError}
      {overview && viewer ? (
        <Card id="stake-balances" title={t("protocol.balances")}>
          <FigureList
            figures={[
              {
                id: "pexBalance",
                label: t("protocol.stake.pexBalance"),
                value: `${formatToken(overview.pexBalance, 18, 4)} PEX`,
              },
              {
                id: "spexBalance",
                label: t("protocol.stake.spexBalance"),
                value: `${formatToken(overview.spexBalance, 18, 4)} sPEX`,
              },
            ]}
          />
        </Card>
      ) : null}
      {/* Writes never take the server's figures: the form's balance and plan are the wallet's reads. */}
      {overview ? (
        <WalletGate>{address ? <StakeForm account={address} pexBalance={overview.pexBalance} /> : null}</WalletGate>
      ) : null}
      {viewer ? <StakeList account={viewer} canWrite={readiness === "ready"} /> : null}
    </>
  );
}
