import { DashboardCharts } from "@/features/dashboard/components/dashboard-charts";
import { DashboardFigures } from "@/features/dashboard/components/dashboard-figures";

/** /pages/protocol/dashboard */
export default function ProtocolDashboardRoute() {
  return (
    <>
      <DashboardFigures />
      <DashboardCharts />
    </>
  );
}
