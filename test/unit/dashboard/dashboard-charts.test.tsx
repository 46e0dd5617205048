import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardCharts } from "@/features/dashboard/components/dashboard-charts";
import { renderWithClient } from "../support/render-with-client";
import { stubIntersectionObserver } from "../support/intersection-observer";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

let enter: ReturnType<typeof stubIntersectionObserver>["enter"];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  ({ enter } = stubIntersectionObserver());
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: "ok", data: { range: "30d", list: [] } })));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("dashboard charts", () => {
  it("keeps the chart's box and fetches the history only when the box comes near the viewport", async () => {
    const { container } = renderWithClient(<DashboardCharts anchorId="chart-box" />);
    expect(container.querySelector(".chart--pending")).not.toBeNull();
    expect(screen.getByTestId("range-30d").getAttribute("aria-pressed")).toBe("true");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();

    enter();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/protocol\/snapshots\?range=30d$/);
    await screen.findByTestId("empty");
  });
});
