import { DeferredDashboardCharts } from "@/features/dashboard/components/deferred-charts";
import { DashboardFigures } from "@/features/dashboard/components/dashboard-figures";

/** /pages/protocol/dashboard */
export default function ProtocolDashboardRoute() {
  return (
    <>
      <DashboardFigures />
      <DeferredDashboardCharts />
    </>
  );
}
