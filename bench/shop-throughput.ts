/**
 * Shop budgets (issue 4): `home/product/list` at least 25 % of a bare Fastify route's requests
 * per second, and `home/order` at least 2,000 successful orders per second on SQLite with p99
 * under 50 ms at 10 connections. On PostgreSQL (issue 15; BENCH_DATABASE_URL, else the local
 * default): a bare `pg` ceiling, one API replica (≥ 1,500 orders/s, p99 < 50 ms) and three
 * (no slower than one), in shop-postgres.ts. Each run spawns the API on a fresh database.
 * Standalone: `node --import tsx bench/shop-throughput.ts`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { httpAnswers, startChild, stopChild, waitFor } from "../scripts/lib/processes";
import { DEFAULT_BENCH_DATABASE_URL, postgresRun } from "./shop-postgres";
import { benchProduct, freePort, load, newBuyer, orderLoad, SECONDS, withApis, type Row } from "./shop-load";

/**
 * Issue 15: SQLite no slower than when PostgreSQL scale-out began (~5,000 orders/s), less the
 * ~10 % one run moves on two shared cores (4,319–4,920/s across eight runs in one quiet hour).
 */
const SQLITE_ORDERS_PER_SECOND = 4500;

export type { Row };

async function sqliteRun(rows: Row[]) {
  const BARE_PORT = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-shop-"));
  const bare = startChild("bare", process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    env: { PORT: BARE_PORT },
    quiet: true,
  });
  try {
    await waitFor("bare server", () => httpAnswers(`http://127.0.0.1:${BARE_PORT}/bare`), 30_000, bare);
    await withApis(1, { DATA_DIR: dataDir }, async ([port]) => {
      const target = { sqliteFile: path.join(dataDir, "app.sqlite") };
      const productId = await benchProduct(target);
      const { token } = await newBuyer(target);
      const bareResult = await load({ url: `http://127.0.0.1:${BARE_PORT}/bare` });
      const list = await load({ url: `http://127.0.0.1:${port}/base/api/home/product/list` });
      const ratio = list.requestsPerSecond / bareResult.requestsPerSecond;
      rows.push({
        metric: "bare Fastify route (shop run)",
        value: bareResult.requestsPerSecond,
        unit: "req/s",
        budget: "yardstick",
        ok: bareResult.errors === 0,
      });
      rows.push({
        metric: "home/product/list",
        value: list.requestsPerSecond,
        unit: "req/s",
        budget: "info",
        ok: list.errors === 0 && list.ok2xx > 0,
      });
      rows.push({
        metric: "home/product/list ÷ bare route",
        value: Math.round(ratio * 1000) / 1000,
        unit: "",
        budget: "≥ 0.25",
        ok: ratio >= 0.25,
      });

      const orders = await orderLoad(port!, { token, productId });
      const perSecond = Math.round(orders.ok2xx / SECONDS);
      rows.push({
        metric: "home/order SQLite (successful)",
        value: perSecond,
        unit: "orders/s",
        budget: `≥ ${SQLITE_ORDERS_PER_SECOND}`,
        ok: perSecond >= SQLITE_ORDERS_PER_SECOND && orders.errors === 0,
      });
      rows.push({
        metric: "home/order SQLite p99",
        value: orders.p99Ms,
        unit: "ms",
        budget: "< 50",
        ok: orders.p99Ms < 50 && orders.ok2xx > 0,
      });
    });
  } finally {
    await stopChild(bare);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The shop rows of `npm run bench`; `SHOP_BENCH=postgres` (or `sqlite`) runs one side only. */
export async function shopThroughput(): Promise<Row[]> {
  const rows: Row[] = [];
  const only = process.env.SHOP_BENCH;
  if (only !== "postgres") await sqliteRun(rows);
  if (only !== "sqlite") await postgresRun(rows, process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL);
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  shopThroughput()
    .then((rows) => {
      for (const r of rows)
        console.log(
          `${r.metric.padEnd(40)} ${`${r.value} ${r.unit}`.trim().padStart(16)}  ${r.budget.padEnd(10)} ${r.ok ? "ok" : "MISSED"}`,
        );
      if (rows.some((r) => !r.ok)) process.exitCode = 1;
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
