import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DashboardCharts } from "@/features/dashboard/components/dashboard-charts";
import { renderWithClient } from "../support/render-with-client";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

/** An IntersectionObserver the test drives: `enter()` reports every observed element as visible. */
let observers: { callback: IntersectionObserverCallback; elements: Element[] }[];
const enter = () =>
  act(() => {
    for (const o of observers)
      o.callback(
        o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.elements.push(el);
      }
      disconnect() {
        this.entry.elements = [];
      }
    },
  );
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
