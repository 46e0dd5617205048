import { describe, expect, it } from "vitest";
import { chartDay, chartMoment } from "@/features/dashboard/utils/chart-labels";

// 2026-11-28 17:30 UTC: already the 29th in UTC+8.
const EVENING_UTC = Date.UTC(2026, 10, 28, 17, 30);

describe("the dashboard chart's dates", () => {
  it("name the UTC+8 day in the user's language, whatever the browser's", () => {
    expect(chartDay(EVENING_UTC, "en")).toBe("11/29");
    expect(chartDay(EVENING_UTC, "de")).toBe("29.11.");
    expect(chartDay(EVENING_UTC, "cn")).toBe("11/29");
  });

  it("show a point's moment as the protocol's pages do, with the zone named", () => {
    expect(chartMoment(EVENING_UTC, "en")).toBe("11/29/2026, 01:30 (UTC+8)");
    expect(chartMoment(EVENING_UTC, "de")).toBe("29.11.2026, 01:30 (UTC+8)");
  });
});
