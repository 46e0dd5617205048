import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { type DeferredPartProps, deferredPart } from "@/lib/deferred-part";

/** The charts' card as it stands before its code is here: its title and the chart's reserved box. */
function ChartsPlaceholder({ anchorId }: DeferredPartProps) {
  const { t } = useTranslation();
  return (
    <Card id="dashboard-history" title={t("protocol.dashboard.history")}>
      <div id={anchorId}>
        <div className="chart chart--pending" aria-busy="true" />
      </div>
    </Card>
  );
}

/**
 * The charts below the current figures: their code (controls, history, and later recharts) loads
 * when the chart's box comes near the viewport (on a phone its heading and controls may show at the
 * bottom of the first screen, the box below it) or at the first tap, and the server's drawing of
 * the card stays until then.
 */
export const DeferredDashboardCharts = deferredPart(
  "dashboard-chart-box",
  () => import("./dashboard-charts").then((m) => m.DashboardCharts),
  ChartsPlaceholder,
);
