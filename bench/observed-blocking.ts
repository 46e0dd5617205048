import { type Browser, chromium } from "playwright-core";
import type { BeforeTree } from "./before-tree";
import { median } from "./median";
import type { Row } from "./row";

/** A trace event of Chromium's (the few fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** What one load's main thread did after its first paint, observed at 4× CPU slowdown (ms). */
export interface ObservedLoad {
  /** Each task's time beyond 50 ms, summed: total blocking time as observed rather than simulated. */
  blockingMs: number;
  longestTaskMs: number;
}

const RUNS = 5;
const PAGES = [
  { name: "home", hash: "#/pages/index/index" },
  { name: "product detail", hash: "#/pages/goods-detail/goods-detail?id=1" },
  { name: "login", hash: "#/pages/login/login" },
];

/**
 * One load of `url` in a fresh phone-sized context with the CPU slowed 4× (DevTools' throttling,
 * the real thing rather than Lighthouse's simulation of it), traced from navigation until the app
 * answers taps and the page has been quiet a while: every main-thread task from the first
 * contentful paint on.
 */
export async function observeLoad(browser: Browser, url: string): Promise<ObservedLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"] });
    await page.goto(url);
    await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), null, { timeout: 30_000 });
    await page.waitForTimeout(3_000);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const mainThreads = new Set(
      events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
    );
    const fcp = events.find((e) => e.name === "firstContentfulPaint");
    if (!fcp) throw new Error(`no first contentful paint in the trace of ${url}`);
    const tasks = events.filter(
      (e) => e.name === "RunTask" && e.ph === "X" && mainThreads.has(`${e.pid}:${e.tid}`) && e.ts + (e.dur ?? 0) > fcp.ts,
    );
    // A task under way at the paint counts from the paint on, as Lighthouse counts it.
    const durations = tasks.map((t) => (t.ts + t.dur! - Math.max(t.ts, fcp.ts)) / 1000);
    return {
      blockingMs: Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      longestTaskMs: Math.round(Math.max(0, ...durations)),
    };
  } finally {
    await context.close();
  }
}

/**
 * The landing pages' blocking time after the first paint, observed (info rows beside Lighthouse's
 * gate): five loads each, this tree and the tree before in turn, so a change that splits the main
 * thread's work shows through Lighthouse's run-to-run noise.
 */
export async function observedBlockingRows(base: string, before?: BeforeTree): Promise<Row[]> {
  const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES, "i") : null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  const rows: Row[] = [];
  try {
    for (const page of PAGES.filter((p) => !only || only.test(p.name))) {
      const after: ObservedLoad[] = [];
      const earlier: ObservedLoad[] = [];
      for (let i = 0; i < RUNS; i++) {
        after.push(await observeLoad(browser, `${base}${page.hash}`));
        if (before) earlier.push(await observeLoad(browser, `${before.webUrl}${page.hash}`));
      }
      for (const [label, pick] of [
        ["blocking time after the first paint", (l: ObservedLoad) => l.blockingMs],
        ["longest task after the first paint", (l: ObservedLoad) => l.longestTaskMs],
      ] as const) {
        const beside = before ? `; ${before.commit}: ${median(earlier.map(pick))} (${earlier.map(pick).join("/")})` : "";
        rows.push({
          metric: `  ${page.name} ${label}, observed at 4× CPU (median of ${RUNS}; ${after.map(pick).join("/")}${beside})`,
          value: median(after.map(pick)),
          unit: "ms",
          budget: "info",
          ok: true,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}
