import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { SNAPSHOT_RANGES, type SnapshotRange, isSnapshotRange, useSnapshots } from "../api/get-snapshots";
import { useNearViewport } from "../hooks/use-near-viewport";
import { CHART_METRICS, type ChartMetric, isChartMetric, metricPlaces, toChartPoints } from "../utils/chart-points";

const RANGE_LABEL: Record<SnapshotRange, string> = {
  "7d": "protocol.dashboard.ranges.d7",
  "30d": "protocol.dashboard.ranges.d30",
  "90d": "protocol.dashboard.ranges.d90",
  max: "protocol.dashboard.ranges.max",
};

// recharts is the heaviest piece of the page: it loads after the current figures.
const SnapshotChart = lazy(() => import("./snapshot-chart"));

/** Charts over time from the server's snapshots; range and figure are kept in the URL. */
export function DashboardCharts() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get("range");
  const metricParam = params.get("metric");
  const range: SnapshotRange = isSnapshotRange(rangeParam) ? rangeParam : "30d";
  const metric: ChartMetric = isChartMetric(metricParam) ? metricParam : "marketCap";
  const { data, isError, refetch, isFetching } = useSnapshots(range);
  const [chartRef, chartNear] = useNearViewport<HTMLDivElement>();
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
    <section className="card" aria-labelledby="dashboard-history">
      <h2 id="dashboard-history" className="card__title">
        {t("protocol.dashboard.history")}
      </h2>
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
            {t(RANGE_LABEL[r])}
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
      {isError && !data ? (
        <LoadError onRetry={() => void refetch()} busy={isFetching} />
      ) : !data ? (
        <PageSpinner />
      ) : data.list.length === 0 ? (
        <Empty />
      ) : (
        <div className="chart" data-testid="dashboard-chart" data-points={data.list.length} ref={chartRef}>
          {chartNear ? (
            <Suspense fallback={<PageSpinner />}>
              <SnapshotChart
                points={toChartPoints(data.list, metric, metricPlaces(metric))}
                syntheticLabel={t("protocol.dashboard.synthetic")}
                recordedLabel={t("protocol.dashboard.recorded")}
              />
            </Suspense>
          ) : (
            <div className="chart__placeholder" aria-hidden="true" />
          )}
          {hasSynthetic ? <p className="muted chart__note">{t("protocol.dashboard.syntheticNote")}</p> : null}
        </div>
      )}
    </section>
  );
}
