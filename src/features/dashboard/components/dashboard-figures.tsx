import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { formatBps, formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import { formatChainTime } from "@/lib/protocol/time";
import { useChainDashboard } from "../api/read-chain-dashboard";

/** The current figures, read from chain in one call (Front.getDashboard), with the block they are as of. */
export function DashboardFigures() {
  const { t } = useTranslation();
  const { data: read, isError, refetch, isFetching } = useChainDashboard();
  if (isError && !read) return <LoadError onRetry={() => void refetch()} busy={isFetching} />;
  if (!read) return <PageSpinner />;
  const data = read.dashboard;
  const usd = (v: bigint) => `$${formatToken(v)}`;
  return (
    <section className="card" aria-labelledby="dashboard-now">
      <h2 id="dashboard-now" className="card__title">
        {t("protocol.dashboard.now")}
      </h2>
      <p className="as-of muted" data-testid="as-of-block">
        {t("protocol.asOf", { block: read.block.number.toString(), time: formatChainTime(read.block.timestamp) })}
      </p>
      <FigureList
        figures={[
          { id: "marketCap", label: t("protocol.dashboard.marketCap"), value: usd(data.marketCap) },
          { id: "pexPrice", label: t("protocol.dashboard.pexPrice"), value: `$${formatTokenPrice(data.pexPrice)}` },
          {
            id: "backingPerPex",
            label: t("protocol.dashboard.backingPerPex"),
            value: `$${formatTokenPrice(data.backingPerPex)}`,
          },
          { id: "winPrice", label: t("protocol.dashboard.winPrice"), value: `${formatTokenPrice(data.winPrice)} USDB` },
          { id: "winVault", label: t("protocol.dashboard.winVault"), value: `${formatToken(data.winVault)} USDB` },
          { id: "win1Price", label: t("protocol.dashboard.win1Price"), value: `${formatTokenPrice(data.win1Price)} USDB` },
          { id: "win1Vault", label: t("protocol.dashboard.win1Vault"), value: `${formatToken(data.win1Vault)} USDB` },
          {
            id: "pexTotalSupply",
            label: t("protocol.dashboard.pexTotalSupply"),
            value: `${formatToken(data.pexTotalSupply)} PEX`,
          },
          { id: "treasury1Value", label: t("protocol.dashboard.treasury1Value"), value: usd(data.treasury1Value) },
          { id: "treasury2Value", label: t("protocol.dashboard.treasury2Value"), value: usd(data.treasury2Value) },
          {
            id: "totalDepositedPex",
            label: t("protocol.dashboard.totalDepositedPex"),
            value: `${formatToken(data.totalDepositedPex)} PEX`,
          },
          {
            id: "pol",
            label: t("protocol.dashboard.pol"),
            value: `${formatToken(data.polLiquidity, 18, 4)} LP · ${formatBps(data.polShareBps)} · ${usd(data.polValue)}`,
          },
          { id: "ethPrice", label: t("protocol.dashboard.ethPrice"), value: `$${formatTokenPrice(data.ethPrice)}` },
        ]}
      />
    </section>
  );
}
