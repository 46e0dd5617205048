/**
 * `npm run bench`: the budgets named in the issues, measured on this machine. Writes
 * bench/results/latest.json, prints a table, and exits non-zero when a budget is missed.
 * Throughput budgets are ratios to a bare Fastify route measured in the same run, so a busy
 * or slow machine moves both sides alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { startStack } from "../scripts/lib/stack";
import { protocolMenus } from "../src/config/paths";
import { httpSession, storeSession } from "../test/e2e/support/shop-fixtures";
import { apiThroughput, type SideResult } from "./api-throughput";
import { lighthouse } from "./lighthouse";
import { shopThroughput } from "./shop-throughput";
import { routeJs } from "./web-bundle";

interface Row {
  metric: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
  /** The open issue this budget belongs to: reported, but not yet a gate for the exit code. */
  open?: string;
}

const KB = 1024;

async function webMetrics(rows: Row[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-web-"));
  // The pages are measured as a user meets them after `npm start`: the same stack (chain,
  // contracts, demo data, API, production build), on ports of its own.
  const stack = await startStack({
    chainPort: Number(process.env.BENCH_CHAIN_PORT ?? 24545),
    apiPort: Number(process.env.BENCH_API_PORT ?? 24787),
    webPort: Number(process.env.BENCH_WEB_PORT ?? 24173),
    host: "127.0.0.1",
    dataDir,
    dev: false,
    webOutDir: path.join(dataDir, "dist"),
    logToFiles: true,
    log: () => undefined,
  });
  try {
    const base = stack.webUrl;
    // The budget is what the route loads; the wallet stack loads only when the user taps
    // "Connect wallet" and is reported beside it (docs/decisions.md, "Bundle budgets").
    const login = await routeJs(`${base}#/pages/login/login`, { walletButton: '[data-testid="connect-wallet"]' });
    const walletKb = Math.round((login.totalGzip - login.initialGzip) / KB);
    rows.push(kbRow("login route JS (gzip)", login.initialGzip, 250));
    rows.push({ metric: "  + wallet stack on connect (gzip)", value: walletKb, unit: "KB", budget: "info", ok: true });
    const home = await routeJs(`${base}#/pages/index/index`);
    rows.push(kbRow("home route JS before any wallet use (gzip)", home.initialGzip, 200));
    const protocolOnHome = home.files.filter((f) => /protocol|wallet|rainbow|wagmi/i.test(f.url));
    rows.push({
      metric: "protocol or wallet scripts on home",
      value: protocolOnHome.length,
      unit: "files",
      budget: "= 0",
      ok: protocolOnHome.length === 0,
    });

    const session = await httpSession(stack.apiUrl, base, 1);
    const signedIn = { prepare: (context: BrowserContext) => storeSession(context, session) };
    // Every protocol route, as a signed-in user opens it (wagmi included; RainbowKit's wallet
    // list loads on the first "Connect" tap and is not part of a route).
    for (const menu of protocolMenus) {
      const js = await routeJs(`${base}#${menu.path}`, signedIn);
      rows.push(kbRow(`protocol ${menu.id} route JS incl. wallet (gzip)`, js.initialGzip, 350));
    }

    const pages: [string, string, number, number, string?][] = [
      ["login", "#/pages/login/login", 90, 95],
      ["home", "#/pages/index/index", 90, 95],
      ["product detail", "#/pages/goods-detail/goods-detail?id=1", 90, 95],
      ["dashboard", "#/pages/protocol/dashboard", 85, 0],
    ];
    for (const [name, hash, perf, a11y, open] of pages) {
      const lh = await lighthouse(`${base}${hash}`);
      rows.push({
        metric: `${name} Lighthouse mobile performance`,
        value: lh.performance,
        unit: "",
        budget: `≥ ${perf}`,
        ok: lh.performance >= perf,
        open,
      });
      if (a11y > 0)
        rows.push({
          metric: `${name} Lighthouse accessibility`,
          value: lh.accessibility,
          unit: "",
          budget: `≥ ${a11y}`,
          ok: lh.accessibility >= a11y,
        });
    }
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function kbRow(metric: string, bytes: number, budgetKb: number): Row {
  return { metric, value: Math.round(bytes / KB), unit: "KB", budget: `≤ ${budgetKb}`, ok: bytes <= budgetKb * KB };
}

/** The hot reads' budget: each at least this share of the bare route's requests per second. */
const HOT_READ_RATIO = 0.6;

async function apiMetrics(rows: Row[]) {
  const r = await apiThroughput();
  const cpu = (side: SideResult) => (side.cpuMicrosPerRequest === null ? "" : `, ${side.cpuMicrosPerRequest} µs CPU each`);
  rows.push({
    metric: `bare Fastify route (${r.bare.rounds.length} interleaved rounds${cpu(r.bare)})`,
    value: r.bare.requestsPerSecond,
    unit: "req/s",
    budget: "yardstick",
    ok: r.bare.errors === 0,
  });
  const calls: [string, SideResult, number][] = [
    ["user/info (signed in)", r.userInfo, r.ratios.userInfo],
    ["home/product/list", r.productList, r.ratios.productList],
  ];
  for (const [name, side, ratio] of calls) {
    rows.push({
      metric: `${name}${cpu(side)}`,
      value: side.requestsPerSecond,
      unit: "req/s",
      budget: "info",
      ok: side.errors === 0,
    });
    // Each round's own ratio (its bare run and its call run back to back), to show the spread.
    const perRound = side.rounds.map((rps, i) => rps / r.bare.rounds[i]!);
    const spread = `${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)} by round`;
    rows.push({
      metric: `${name} ÷ bare route (${spread})`,
      value: Math.round(ratio * 1000) / 1000,
      unit: "",
      budget: `≥ ${HOT_READ_RATIO}`,
      ok: ratio >= HOT_READ_RATIO,
    });
  }
}

async function main() {
  const rows: Row[] = [];
  const only = process.argv.slice(2);
  if (only.length === 0 || only.includes("web")) await webMetrics(rows);
  if (only.length === 0 || only.includes("api")) await apiMetrics(rows);
  if (only.length === 0 || only.includes("shop")) rows.push(...(await shopThroughput()));

  fs.mkdirSync(path.join("bench", "results"), { recursive: true });
  const result = { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, rows };
  fs.writeFileSync(path.join("bench", "results", "latest.json"), JSON.stringify(result, null, 2) + "\n");

  const width = Math.max(...rows.map((r) => r.metric.length));
  console.log(`\n${"metric".padEnd(width)}  ${"value".padStart(10)}  budget      result`);
  for (const r of rows)
    console.log(
      `${r.metric.padEnd(width)}  ${`${r.value} ${r.unit}`.trim().padStart(10)}  ${r.budget.padEnd(10)}  ${r.ok ? "ok" : "MISSED"}${r.open ? ` (${r.open}, open)` : ""}`,
    );
  console.log("\nWritten to bench/results/latest.json");
  if (rows.some((r) => !r.ok && !r.open)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
