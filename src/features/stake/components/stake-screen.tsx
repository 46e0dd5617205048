import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { WalletGate, useViewerAddress, useWalletReadiness } from "@/components/protocol/chain-guard";
import { Card } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { formatToken } from "@/lib/protocol/token-amount";
import { useStakeOverview } from "../hooks/use-stake-reads";
import { StakeForm } from "./stake-form";
import { StakeList } from "./stake-list";
import { StakeSummary } from "./stake-summary";

export function StakeScreen() {
  const { t } = useTranslation();
  const { address, readiness } = useWalletReadiness();
  const viewer = useViewerAddress();
  const { overview, isError, refetch, isFetching } = useStakeOverview(viewer);
  if (isError && !overview) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!overview) return <PageSpinner />;
  return (
    <>
      <StakeSummary overview={overview} />
      {viewer ? (
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
      <WalletGate>{address ? <StakeForm account={address} pexBalance={overview.pexBalance} /> : null}</WalletGate>
      {viewer ? <StakeList account={viewer} canWrite={readiness === "ready"} /> : null}
    </>
  );
}
