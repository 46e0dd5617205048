import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { run } from "../scripts/lib/processes";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint, simulated (ms). */
  lcpMs: number;
  cumulativeLayoutShift: number;
  /** Total blocking time, simulated (ms): main-thread tasks' time beyond 50 ms, FCP to TTI. */
  totalBlockingTimeMs: number;
}

interface Audit {
  numericValue?: number;
  details?: { type?: string; items?: Record<string, unknown>[] };
}
interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit | undefined>;
}

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) against a built page; with
 * `profileDir`, in that browser profile with its storage kept (bench/signed-in-profile.ts).
 */
export async function lighthouse(url: string, profileDir?: string): Promise<LighthouseScores> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "pex-lh-")), "report.json");
  const flags = [
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic",
    // After the launcher's own: Chromium takes a switch's last value.
    ...(profileDir ? [`--user-data-dir=${profileDir}`] : []),
  ].join(" ");
  const once = () =>
    run(
      path.join("node_modules", ".bin", "lighthouse"),
      [
        url,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        "--only-categories=performance,accessibility",
        `--chrome-flags=${flags}`,
        ...(profileDir ? ["--disable-storage-reset"] : []),
      ],
      { CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    );
  await withRetries(once, LIGHTHOUSE_TRIES);
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as Report;
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  if (process.env.BENCH_LIGHTHOUSE_DEBUG) console.log(debugSummary(url, report, out));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
    cumulativeLayoutShift: report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    totalBlockingTimeMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
  };
}

/**
 * Lighthouse now and then fails to record its trace ("Runtime error encountered: … (NO_NAVSTART)"),
 * a fault of the run, not of the page, and twice in a row on a busy machine: such a run is tried
 * again, up to this many times in all. Any other failure stops the bench at once.
 */
export const LIGHTHOUSE_TRIES = 3;

export async function withRetries(once: () => Promise<unknown>, tries: number): Promise<void> {
  for (let left = tries; ; left--) {
    try {
      await once();
      return;
    } catch (error) {
      if (left <= 1 || !/Runtime error encountered/.test(String(error))) throw error;
    }
  }
}

/** Runs per figure: one run on a shared 2-core machine swings by several points (docs/performance.md). */
export type LighthouseMedian = LighthouseScores & { runs: LighthouseScores[] };

/**
 * The median of `runs` Lighthouse runs, figure by figure; with `beforeUrl`, the same page of the
 * tree before a change is measured in turn with this one (after, before, after, …), so both
 * meet the machine in the same state.
 */
export async function lighthouseMedian(
  url: string,
  runs = 3,
  beforeUrl?: string,
  profileDir?: string,
): Promise<LighthouseMedian & { before?: LighthouseMedian }> {
  const after: LighthouseScores[] = [];
  const before: LighthouseScores[] = [];
  for (let i = 0; i < runs; i++) {
    after.push(await lighthouse(url, profileDir));
    if (beforeUrl) before.push(await lighthouse(beforeUrl, profileDir));
  }
  return { ...medianOf(after), ...(beforeUrl ? { before: medianOf(before) } : {}) };
}

function medianOf(all: LighthouseScores[]): LighthouseMedian {
  const median = (pick: (s: LighthouseScores) => number) => {
    const sorted = all.map(pick).sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return {
    performance: median((s) => s.performance),
    accessibility: median((s) => s.accessibility),
    lcpMs: median((s) => s.lcpMs),
    cumulativeLayoutShift: median((s) => s.cumulativeLayoutShift),
    totalBlockingTimeMs: median((s) => s.totalBlockingTimeMs),
    runs: all,
  };
}

/**
 * BENCH_LIGHTHOUSE_DEBUG=1: why a page scores what it does — the metrics, the LCP element and
 * its phases, the layout shifts with their elements, main-thread time by kind, the long tasks and
 * the requests (with start/end in ms), plus where the full report was left.
 */
function debugSummary(url: string, report: Report, file: string): string {
  const a = report.audits;
  const items = (id: string) => a[id]?.details?.items ?? [];
  const ms = (v: unknown) => (typeof v === "number" ? `${Math.round(v)}` : "?");
  const node = (n: unknown) => {
    const o = (n ?? {}) as { selector?: string; snippet?: string; nodeLabel?: string };
    return `${o.selector ?? "?"} ${o.snippet ?? ""}`.slice(0, 160);
  };
  const lines = [`--- lighthouse ${url} (report: ${file})`];
  const metrics = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ];
  lines.push(metrics.map((m) => `${m}=${(a[m]?.numericValue ?? NaN).toFixed(m.startsWith("cumulative") ? 3 : 0)}`).join(" "));
  // largest-contentful-paint-element holds two tables: the element, then the LCP phases.
  for (const table of items("largest-contentful-paint-element") as { items?: Record<string, unknown>[] }[])
    for (const row of table.items ?? [])
      lines.push(row.node ? `LCP element: ${node(row.node)}` : `  LCP ${String(row.phase)}: ${ms(row.timing)} ms`);
  for (const row of items("layout-shifts")) lines.push(`shift ${Number(row.score).toFixed(3)}: ${node(row.node)}`);
  for (const row of items("mainthread-work-breakdown"))
    lines.push(`main thread ${String(row.groupLabel ?? row.group)}: ${ms(row.duration)} ms`);
  for (const row of items("long-tasks"))
    lines.push(`long task at ${ms(row.startTime)} ms: ${ms(row.duration)} ms ${String(row.url).slice(0, 100)}`);
  for (const row of items("network-requests"))
    lines.push(
      `request ${ms(row.networkRequestTime)}–${ms(row.networkEndTime)} ms ${String(row.resourceType)} ${Math.round(Number(row.transferSize) / 1024)} KB ${String(row.url).slice(0, 100)}`,
    );
  return lines.join("\n");
}
