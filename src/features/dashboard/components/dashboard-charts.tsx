import { Suspense, lazy } from "react";
import type { DeferredPartProps } from "@/lib/deferred-part";
import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { useSearchParams } from "react-router";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { SNAPSHOT_RANGES, type SnapshotRange, isSnapshotRange, useSnapshots } from "../api/get-snapshots";
import { useNearViewport } from "@/hooks/use-near-viewport";
import { CHART_METRICS, type ChartMetric, isChartMetric, metricPlaces, toChartPoints } from "../utils/chart-points";

const RANGE_LABEL: Record<SnapshotRange, string> = {
  "7d": "protocol.dashboard.ranges.d7",
  "30d": "protocol.dashboard.ranges.d30",
  "90d": "protocol.dashboard.ranges.d90",
  max: "protocol.dashboard.ranges.max",
};

// recharts is the heaviest piece of the page: it loads after the current figures.
const SnapshotChart = lazy(() => import("./snapshot-chart"));
// A small head start while scrolling; more would fetch it on the first screen, where it is not visible.
const CHART_MARGIN = "40px";

/**
 * Charts over time from the server's snapshots; range and figure are kept in the URL. `anchorId` is
 * the chart box's id, by which the page tells when the card is near (deferred-charts.tsx).
 */
export function DashboardCharts({ anchorId }: DeferredPartProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get("range");
  const metricParam = params.get("metric");
  const range: SnapshotRange = isSnapshotRange(rangeParam) ? rangeParam : "30d";
  const metric: ChartMetric = isChartMetric(metricParam) ? metricParam : "marketCap";
  // Neither the list (the page's largest reply) nor recharts is fetched before the chart's box
  // comes near the viewport: on a phone it starts below the fold, under the current figures.
  const [boxRef, boxNear] = useNearViewport<HTMLDivElement>(CHART_MARGIN);
  const { data, isError, refetch, isFetching } = useSnapshots(range, boxNear);
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const hasSynthetic = data?.list.some((s) => s.synthetic) ?? false;
  return (
    <Card id="dashboard-history" title={t("protocol.dashboard.history")}>
      <div className="segmented" role="group" aria-label={t("protocol.dashboard.range")}>
        {SNAPSHOT_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className={r === range ? "btn btn--primary" : "btn btn--secondary"}
            aria-pressed={r === range}
            onClick={() => set("range", r)}
            data-testid={`range-${r}`}
          >
            {t(dataKey(RANGE_LABEL[r]))}
          </button>
        ))}
      </div>
      <label className="field">
        <span className="field__label">{t("protocol.dashboard.metric")}</span>
        <select className="select" value={metric} onChange={(e) => set("metric", e.target.value)} data-testid="chart-metric">
          {CHART_METRICS.map((m) => (
            <option key={m} value={m}>
              {t(`protocol.dashboard.${m}`)}
            </option>
          ))}
        </select>
      </label>
      {/* The chart's box has its final height from the start: nothing moves when data or recharts arrive. */}
      <div ref={boxRef} id={anchorId}>
        {isError && !data ? (
          <div className="chart">
            <LoadError onRetry={() => void refetch()} busy={isFetching} />
          </div>
        ) : !data ? (
          <div className="chart chart--pending" aria-busy="true" />
        ) : data.list.length === 0 ? (
          <div className="chart">
            <Empty />
          </div>
        ) : (
          <div className="chart" data-testid="dashboard-chart" data-points={data.list.length}>
            <Suspense fallback={<div className="chart__placeholder" aria-busy="true" />}>
              <SnapshotChart
                points={toChartPoints(data.list, metric, metricPlaces(metric))}
                syntheticLabel={t("protocol.dashboard.synthetic")}
                recordedLabel={t("protocol.dashboard.recorded")}
              />
            </Suspense>
            {hasSynthetic ? <p className="muted chart__note">{t("protocol.dashboard.syntheticNote")}</p> : null}
          </div>
        )}
      </div>
    </Card>
  );
}
