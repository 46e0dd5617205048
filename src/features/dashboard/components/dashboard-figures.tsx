import { useTranslation } from "react-i18next";
import { FigureList } from "@/components/protocol/figure-list";
import { LoadError } from "@/components/ui/load-error";
import { formatBps, formatToken, formatTokenPrice } from "@/lib/protocol/token-amount";
import { formatChainTime } from "@/lib/protocol/time";
import { useRenderLanguage } from "@/lib/i18n/use-render-language";
import { usePublicFigures } from "@/lib/protocol/public-figures";
import { useLatestSnapshot } from "../api/get-latest-snapshot";
import { useChainDashboard } from "../api/read-chain-dashboard";
import { pickView } from "../utils/dashboard-view";

const usd = (v: bigint | undefined) => (v === undefined ? "…" : `$${formatToken(v)}`);
const price = (v: bigint | undefined) => (v === undefined ? "…" : `$${formatTokenPrice(v)}`);
const unit = (text: string, symbol: string) => (text === "…" ? text : `${text} ${symbol}`);
// A value not known yet is its own element: when the figure arrives it replaces the element
// rather than pushing right-aligned text around, which browsers count as a layout shift.
const shown = (text: string) => (text === "…" ? <span className="figures__pending">…</span> : text);

/**
 * The current figures. They paint at once from the server's reading at the chain's head (drawn in
 * the server's first screen: ADR-0209), or when the server has none from the newest recorded
 * snapshot, and switch to the live chain read (Front.getDashboard, one call) when it answers; the
 * line above them names the source and its block. Before any, the card keeps its final size.
 */
export function DashboardFigures() {
  const { t } = useTranslation();
  const lang = useRenderLanguage();
  const chain = useChainDashboard();
  const server = usePublicFigures();
  const serverFigures = server.data?.figures?.dashboard ? server.data.figures : null;
  // The recorded snapshot only stands in when the server could not read the chain.
  const latest = useLatestSnapshot({ enabled: !server.isPending && !serverFigures });
  const view = pickView(chain.data, serverFigures, latest.data?.snapshot);
  const retry = <LoadError onRetry={() => void chain.refetch()} busy={chain.isFetching} />;
  if (!view && chain.isError && !server.isPending && !latest.isPending) return retry;
  const v = view?.values ?? {};
  const asOf = !view
    ? "\u00a0"
    : t(view.source === "snapshot" ? "protocol.dashboard.asOfSnapshot" : "protocol.asOf", {
        block: view.block.toString(),
        time: formatChainTime(view.time, lang),
      });
  return (
    <section
      className="card dashboard-now"
      aria-labelledby="dashboard-now"
      aria-busy={view?.source !== "chain"}
      data-testid="dashboard-now"
      data-source={view?.source ?? "none"}
    >
      <h2 id="dashboard-now" className="card__title">
        {t("protocol.dashboard.now")}
      </h2>
      <p className="as-of muted" data-testid="as-of-block">
        {asOf}
      </p>
      <FigureList
        figures={[
          { id: "marketCap", label: t("protocol.dashboard.marketCap"), value: shown(usd(v.marketCap)) },
          { id: "pexPrice", label: t("protocol.dashboard.pexPrice"), value: shown(price(v.pexPrice)) },
          { id: "backingPerPex", label: t("protocol.dashboard.backingPerPex"), value: shown(price(v.backingPerPex)) },
          { id: "winPrice", label: t("protocol.dashboard.winPrice"), value: shown(unit(formatTokenPrice(v.winPrice), "USDB")) },
          { id: "winVault", label: t("protocol.dashboard.winVault"), value: shown(unit(formatToken(v.winVault), "USDB")) },
          {
            id: "win1Price",
            label: t("protocol.dashboard.win1Price"),
            value: shown(unit(formatTokenPrice(v.win1Price), "USDB")),
          },
          { id: "win1Vault", label: t("protocol.dashboard.win1Vault"), value: shown(unit(formatToken(v.win1Vault), "USDB")) },
          {
            id: "pexTotalSupply",
            label: t("protocol.dashboard.pexTotalSupply"),
            value: shown(unit(formatToken(v.pexTotalSupply), "PEX")),
          },
          { id: "treasury1Value", label: t("protocol.dashboard.treasury1Value"), value: shown(usd(v.treasury1Value)) },
          { id: "treasury2Value", label: t("protocol.dashboard.treasury2Value"), value: shown(usd(v.treasury2Value)) },
          {
            id: "totalDepositedPex",
            label: t("protocol.dashboard.totalDepositedPex"),
            value: shown(unit(formatToken(v.totalDepositedPex), "PEX")),
          },
          {
            id: "pol",
            label: t("protocol.dashboard.pol"),
            value: view
              ? `${unit(formatToken(v.polLiquidity, 18, 4), "LP")} · ${formatBps(v.polShareBps)} · ${usd(v.polValue)}`
              : shown("…"),
            wide: true,
          },
          { id: "ethPrice", label: t("protocol.dashboard.ethPrice"), value: shown(price(v.ethPrice)) },
        ]}
      />
      {view?.source === "snapshot" && chain.isError ? retry : null}
    </section>
  );
}
