/**
 * Shop budgets (issue 4): `home/product/list` at least 25 % of a bare Fastify route's requests
 * per second, and `home/order` at least 2,000 successful orders per second on SQLite with p99
 * under 50 ms at 10 connections; the PostgreSQL figure beside it when BENCH_DATABASE_URL names
 * a server. Each run spawns the API as a child on a fresh database.
 * Standalone: `node --import tsx bench/shop-throughput.ts`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { createDb } from "../server/db/database";
import { internalError } from "../server/lib/errors";
import { changeBalance } from "../server/modules/ledger/ledger.service";
import { hashSessionToken } from "../server/modules/auth/session-token";
import { httpAnswers, run, startChild, stopChild, waitFor } from "../scripts/lib/processes";

export interface Row {
  metric: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
}

interface Result {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  ok2xx: number;
}

/** A port nobody listens on now (the OS picks it), so the bench never meets another server. */
function freePort(): Promise<string> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(String(port)));
    });
  });
}

let API_PORT = "0";
const SECONDS = 5;

async function load(opts: autocannon.Options, seconds = SECONDS): Promise<Result> {
  await autocannon({ ...opts, connections: 10, duration: 1 }); // warm-up: JIT, caches, connections
  const r = await autocannon({ ...opts, connections: 10, duration: seconds });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    ok2xx: r["2xx"],
  };
}

/** A buyer who can afford millions of orders, a product that never sells out, and a session for the buyer. */
export async function prepare(target: {
  databaseUrl?: string;
  sqliteFile: string;
}): Promise<{ token: string; productId: number }> {
  const db = createDb(target);
  try {
    const now = Date.now();
    const user = await db.kysely
      .insertInto("users")
      .values({
        address: `0x${randomBytes(20).toString("hex")}`,
        invitation_code: "BENCH234",
        type: 1,
        nickname: "bench",
        amount_cny: 0n,
        amount_usdt: 0n,
        withdraw_usdt: 0n,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const userId = BigInt(user.id);
    await db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId, currency: "USDT", delta: 10n ** 15n, kind: "bench_grant", now }, internalError("grant")),
      );
    const product = await db.kysely
      .insertInto("products")
      .values({
        title: "Bench ingot",
        images: JSON.stringify(["/demo/products/steel.svg"]),
        description_html: "<p>bench</p>",
        price_cny: 100n,
        price_usdt: 1_000_000n,
        stock: 1_000_000_000,
        daily_rate_ppm: 10_000,
        cycle_days: 30,
        alloy_material: 1,
        alloy_pieces: 1,
        status: "on_sale",
        sort: 99,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString("base64url");
    await db.kysely
      .insertInto("sessions")
      .values({
        token_hash: hashSessionToken(token),
        user_id: userId,
        device_id: "bench-device",
        created_at: now,
        expires_at: now + 3_600_000,
      })
      .execute();
    return { token, productId: Number(product.id) };
  } finally {
    await db.kysely.destroy();
  }
}

async function withApi<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const base = { API_PORT, SIWE_DOMAINS: "bench.local", LOG_LEVEL: "warn", SETTLEMENT_INTERVAL_SECONDS: "0" };
  await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts", "--seed"], { ...base, ...env });
  const api = startChild("api", process.execPath, ["--import", "tsx", "server/server.ts"], {
    env: { ...base, ...env },
    quiet: true,
  });
  try {
    await waitFor("API", () => httpAnswers(`http://127.0.0.1:${API_PORT}/base/api/home/product/list`), 30_000, api);
    return await work();
  } finally {
    await stopChild(api);
  }
}

function orderLoad(token: string, productId: number): Promise<Result> {
  return load({
    url: `http://127.0.0.1:${API_PORT}/base/api/home/order`,
    method: "POST",
    headers: { token, "content-type": "application/json" },
    // Every request is a new, valid order: same buyer and product, a fresh purchase each time.
    body: JSON.stringify({ productId, payType: 2 }),
  });
}

async function sqliteRun(rows: Row[]) {
  const BARE_PORT = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-shop-"));
  const bare = startChild("bare", process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    env: { PORT: BARE_PORT },
    quiet: true,
  });
  try {
    await waitFor("bare server", () => httpAnswers(`http://127.0.0.1:${BARE_PORT}/bare`), 30_000, bare);
    await withApi({ DATA_DIR: dataDir }, async () => {
      const { token, productId } = await prepare({ sqliteFile: path.join(dataDir, "app.sqlite") });
      const bareResult = await load({ url: `http://127.0.0.1:${BARE_PORT}/bare` });
      const list = await load({ url: `http://127.0.0.1:${API_PORT}/base/api/home/product/list` });
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

      const orders = await orderLoad(token, productId);
      const perSecond = Math.round(orders.ok2xx / SECONDS);
      rows.push({
        metric: "home/order SQLite (successful)",
        value: perSecond,
        unit: "orders/s",
        budget: "≥ 2000",
        ok: perSecond >= 2000 && orders.errors === 0,
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

async function postgresRun(rows: Row[], adminUrl: string) {
  const dbName = `bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-shop-pg-"));
  try {
    await withApi({ DATA_DIR: dataDir, DATABASE_URL: url.toString() }, async () => {
      const { token, productId } = await prepare({ databaseUrl: url.toString(), sqliteFile: "" });
      const orders = await orderLoad(token, productId);
      rows.push({
        metric: "home/order PostgreSQL (successful)",
        value: Math.round(orders.ok2xx / SECONDS),
        unit: "orders/s",
        budget: "info",
        ok: orders.errors === 0,
      });
      rows.push({ metric: "home/order PostgreSQL p99", value: orders.p99Ms, unit: "ms", budget: "info", ok: true });
    });
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The shop rows of `npm run bench`. */
export async function shopThroughput(): Promise<Row[]> {
  const rows: Row[] = [];
  API_PORT = await freePort();
  await sqliteRun(rows);
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) await postgresRun(rows, pgUrl);
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  shopThroughput()
    .then((rows) => {
      for (const r of rows)
        console.log(
          `${r.metric.padEnd(36)} ${`${r.value} ${r.unit}`.trim().padStart(16)}  ${r.budget.padEnd(10)} ${r.ok ? "ok" : "MISSED"}`,
        );
      if (rows.some((r) => !r.ok)) process.exitCode = 1;
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
