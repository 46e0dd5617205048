/**
 * `npm run bench`: the budgets named in the issues, measured on this machine. Writes
 * bench/results/latest.json, prints a table, and exits non-zero when a budget is missed.
 * Throughput budgets are ratios to a bare Fastify route measured in the same run, so a busy
 * or slow machine moves both sides alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { httpSession, storeSession } from "../test/e2e/support/shop-fixtures";
import { apiThroughput, type SideResult } from "./api-throughput";
import { eventStreamMetrics } from "./event-streams";
import { startBenchStack } from "./bench-stack";
import { connectedFiguresRows } from "./connected-figures";
import { type BeforeTree, startBeforeTree } from "./before-tree";
import { lighthouseRows } from "./lighthouse-rows";
import { observedBlockingRows } from "./observed-blocking";
import { signedInProfile } from "./signed-in-profile";
import { PROTOCOL_BUDGETS_KB, protocolRouteWeights } from "./protocol-weight";
import { SHOP_ROUTE_JS_BUDGET, shopFirstLoad } from "./shop-first-load";
import type { Row } from "./row";
import { shopThroughput } from "./shop-throughput";

const KB = 1024;

async function webMetrics(rows: Row[]) {
  // The pages are measured as a user meets them after `npm start`.
  const { stack, stop } = await startBenchStack("bench-web");
  let before: BeforeTree | undefined;
  try {
    if (process.env.BENCH_BEFORE) before = await startBeforeTree(process.env.BENCH_BEFORE);
    const base = stack.webUrl;
    // The shop's landing pages before any wallet action (issue 17): their JavaScript, and none
    // of the console's, the protocol's or the wallet stack's.
    for (const load of await shopFirstLoad(base)) {
      rows.push(kbRow(`${load.name} route JS before any wallet use (gzip)`, load.gzip, SHOP_ROUTE_JS_BUDGET / KB));
      const foreign = load.files.filter((f) => /admin|console|protocol|wallet|rainbow|wagmi|viem|purify/i.test(f.url));
      rows.push({
        metric: `  console, protocol or wallet scripts on ${load.name}`,
        value: foreign.length,
        unit: "files",
        budget: "= 0",
        ok: foreign.length === 0,
      });
    }

    // Every protocol route as a signed-in user's phone opens it, and what "Connect" adds.
    const session = await httpSession(stack.apiUrl, base, 1);
    const weights = await protocolRouteWeights(base, { prepare: (context) => storeSession(context, session) });
    for (const w of weights) {
      const budget = w.id === "dashboard" ? PROTOCOL_BUDGETS_KB.dashboard : PROTOCOL_BUDGETS_KB.route;
      rows.push(kbRow(`protocol ${w.id} route JS before Connect (gzip)`, w.routeGzip, budget));
      if (w.connectGzip !== null)
        rows.push(kbRow(`  + Connect dialog on ${w.id} (gzip)`, w.connectGzip, PROTOCOL_BUDGETS_KB.connect));
    }

    // Issue 27: a returning visitor with a wallet connected, from navigation to the figures.
    rows.push(...(await connectedFiguresRows({ webUrl: base, rpcUrl: stack.rpcUrl, session })));

    // The signed-in rows' profile holds a session of the same account on this tree and the tree before.
    const sessions = [{ origin: base, session }];
    if (before) sessions.push({ origin: before.webUrl, session: await httpSession(before.apiUrl, before.webUrl, 1) });
    const profile = await signedInProfile(sessions);
    try {
      rows.push(...(await lighthouseRows(base, before, profile.dir)));
      rows.push(...(await observedBlockingRows(base, before)));
    } finally {
      profile.remove();
    }
  } finally {
    try {
      await before?.stop();
    } finally {
      await stop();
    }
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
  // Live updates (issue 28): event latency on one process and three, and streams' cost to user/info.
  if (only.length === 0 || only.includes("events")) rows.push(...(await eventStreamMetrics()));

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
