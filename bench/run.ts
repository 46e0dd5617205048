/**
 * `npm run bench`: the budgets named in the issues, measured on this machine. Writes
 * bench/results/latest.json, prints a table, and exits non-zero when a budget is missed.
 * Throughput budgets are ratios to a bare Fastify route measured in the same run, so a busy
 * or slow machine moves both sides alike.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { httpAnswers, run, startChild, stopChild, waitFor } from "../scripts/lib/processes";
import { apiThroughput } from "./api-throughput";
import { lighthouse } from "./lighthouse";
import { routeJs } from "./web-bundle";

interface Row {
  metric: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
}

const KB = 1024;

async function webMetrics(rows: Row[]) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-web-"));
  const env = { WEB_OUT_DIR: outDir, WEB_PORT: "24173", API_PORT: "24787" };
  await run(path.join("node_modules", ".bin", "vite"), ["build", "--logLevel", "warn"], env);
  const web = startChild("web", path.join("node_modules", ".bin", "vite"), ["preview", "--outDir", outDir], { env, quiet: true });
  try {
    const base = "http://127.0.0.1:24173/";
    await waitFor("web preview", () => httpAnswers(base), 30_000, web);
    const login = await routeJs(`${base}#/pages/login/login`, '[data-testid="connect-wallet"]');
    rows.push({
      metric: "login route JS before wallet (gzip)",
      value: Math.round(login.initialGzip / KB),
      unit: "KB",
      budget: "info",
      ok: true,
    });
    rows.push({
      metric: "login route JS incl. wallet (gzip)",
      value: Math.round(login.totalGzip / KB),
      unit: "KB",
      budget: "≤ 250",
      ok: login.totalGzip <= 250 * KB,
    });
    const lh = await lighthouse(`${base}#/pages/login/login`);
    rows.push({
      metric: "login Lighthouse mobile performance",
      value: lh.performance,
      unit: "",
      budget: "≥ 90",
      ok: lh.performance >= 90,
    });
    rows.push({
      metric: "login Lighthouse accessibility",
      value: lh.accessibility,
      unit: "",
      budget: "≥ 95",
      ok: lh.accessibility >= 95,
    });
  } finally {
    await stopChild(web);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

async function apiMetrics(rows: Row[]) {
  const r = await apiThroughput();
  rows.push({
    metric: "bare Fastify route",
    value: r.bare.requestsPerSecond,
    unit: "req/s",
    budget: "yardstick",
    ok: r.bare.errors === 0,
  });
  rows.push({
    metric: "user/info",
    value: r.userInfo.requestsPerSecond,
    unit: "req/s",
    budget: "info",
    ok: r.userInfo.errors === 0,
  });
  rows.push({
    metric: "user/info ÷ bare route",
    value: Math.round(r.ratio * 1000) / 1000,
    unit: "",
    budget: "≥ 0.333",
    ok: r.ratio >= 1 / 3,
  });
}

async function main() {
  const rows: Row[] = [];
  const only = process.argv.slice(2);
  if (only.length === 0 || only.includes("web")) await webMetrics(rows);
  if (only.length === 0 || only.includes("api")) await apiMetrics(rows);

  fs.mkdirSync(path.join("bench", "results"), { recursive: true });
  const result = { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, rows };
  fs.writeFileSync(path.join("bench", "results", "latest.json"), JSON.stringify(result, null, 2) + "\n");

  const width = Math.max(...rows.map((r) => r.metric.length));
  console.log(`\n${"metric".padEnd(width)}  ${"value".padStart(10)}  budget      result`);
  for (const r of rows)
    console.log(
      `${r.metric.padEnd(width)}  ${`${r.value} ${r.unit}`.trim().padStart(10)}  ${r.budget.padEnd(10)}  ${r.ok ? "ok" : "MISSED"}`,
    );
  console.log("\nWritten to bench/results/latest.json");
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
