/**
 * Live updates (issue 28, item 3), `npm run bench -- events`:
 * - latency: a recharge's confirmation, committed as the chain watcher commits it, reaches an
 *   open stream within 1 s; on one process (SQLite, the stream's server in this process, woken
 *   in process), and on three API processes over PostgreSQL (BENCH_DATABASE_URL or
 *   TEST_DATABASE_URL; LISTEN/NOTIFY), a stream on each;
 * - load: user/info's p99 with 1,000 streams open on its process, against the same process
 *   without them (interleaved rounds, as bench/api-throughput.ts measures user/info).
 */
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/build-app";
import { loadConfig } from "../server/config";
import { createDb, type Db } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { noteConfirmationsInTrx } from "../server/modules/recharge/recharge-confirmations.service";
import { insertRecord } from "../server/modules/records/records.repository";
import { httpAnswers, run, startChild, stopChild, waitFor } from "../scripts/lib/processes";
import { openStream, type TestStream } from "../test/server/events/stream-client";
import { createPgTestDatabase } from "../test/server/support/pg-test-database";
import { startCluster } from "../test/replicas/support/cluster";
import { createBuyer, fundPasswordHash, type Buyer } from "../test/replicas/support/fixtures";
import { interleaved, signIn } from "./api-throughput";
import { freePort } from "./shop-load";

import type { Row } from "./row";

const SAMPLES = 20;
const STREAMS = 1000;
const LATENCY_BUDGET_MS = 1000;
const P99_BUDGET = 1.2;

/** A Pending recharge of `user`'s, as POST /asset/chain/recharge leaves it. */
async function pendingRecharge(db: Db, user: Buyer): Promise<bigint> {
  const now = Date.now();
  return insertRecord(db.kysely, {
    user_id: user.id,
    type: "recharge",
    currency: "USDT",
    amount: 5_000_000n,
    status: "pending",
    tx_hash: null,
    address: null,
    ref: null,
    note: null,
    attempts: 0,
    created_at: now,
    updated_at: now,
  });
}

/**
 * Commits confirmations 1…SAMPLES of a recharge, each as the watcher does (its own transaction),
 * and times each from its commit to its arrival on every stream. Answers [median, max] in ms.
 */
async function confirmationLatency(db: Db, user: Buyer, streams: TestStream[]): Promise<[number, number]> {
  const recordId = await pendingRecharge(db, user);
  const times: number[] = [];
  for (let confirmations = 1; confirmations <= SAMPLES; confirmations++) {
    const seen = { userId: user.id, recordId, txHash: `0x${"ab".repeat(32)}`, confirmations, required: SAMPLES, now: Date.now() };
    const from = streams.map((s) => s.messages.length);
    await db.kysely.transaction().execute((trx) => noteConfirmationsInTrx(trx, seen));
    const committed = performance.now();
    await Promise.all(
      streams.map(async (s, i) => {
        await s.next((m) => m.event === "recharge" && JSON.parse(m.data).confirmations === confirmations, { from: from[i] });
        times.push(performance.now() - committed);
      }),
    );
  }
  const sorted = times.sort((a, b) => a - b);
  return [Math.round(sorted[sorted.length >> 1]!), Math.round(sorted.at(-1)!)];
}

function latencyRows(where: string, [median, max]: [number, number]): Row[] {
  return [
    {
      metric: `recharge confirmation → open stream, ${where} (max of ${SAMPLES}; median ${median} ms)`,
      value: max,
      unit: "ms",
      budget: `≤ ${LATENCY_BUDGET_MS}`,
      ok: max <= LATENCY_BUDGET_MS,
    },
  ];
}

async function oneProcess(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-events-"));
  const config = loadConfig({}, { SQLITE_FILE: path.join(dir, "app.sqlite"), LOG_LEVEL: "warn", SIWE_DOMAINS: "bench.local" });
  const db = createDb({ sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const app = await buildApp({ config, db, logger: false });
  try {
    await app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await createBuyer(db.kysely, { fundPasswordHash: await fundPasswordHash(), grants: {} });
    const stream = await openStream(url, user.token);
    await stream.next((m) => m.event === "ready");
    const rows = latencyRows("one process (SQLite)", await confirmationLatency(db, user, [stream]));
    stream.close();
    return rows;
  } finally {
    await app.close();
    await db.kysely.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function threeReplicas(adminUrl: string): Promise<Row[]> {
  const database = await createPgTestDatabase(adminUrl);
  const db = createDb({ databaseUrl: database.url, sqliteFile: ":memory:" });
  let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
  try {
    await migrateToLatest(db);
    const user = await createBuyer(db.kysely, { fundPasswordHash: await fundPasswordHash(), grants: {} });
    cluster = await startCluster({
      replicas: 3,
      databaseUrl: database.url,
      rpcUrl: "http://127.0.0.1:9",
      deploymentsFile: path.join(os.tmpdir(), "no-such-deployments.json"),
      env: {
        LOG_LEVEL: "warn",
        LOTTERY_KEEPER_INTERVAL_MS: "0",
        PRICE_KEEPER_INTERVAL_MS: "0",
        INVITE_BINDER_INTERVAL_MS: "0",
        PROTOCOL_SNAPSHOT_INTERVAL_MS: "0",
      },
    });
    const streams = await Promise.all(cluster.replicas.map((r) => openStream(r.url, user.token)));
    for (const s of streams) await s.next((m) => m.event === "ready");
    const rows = latencyRows("3 replicas on PostgreSQL, a stream on each", await confirmationLatency(db, user, streams));
    for (const s of streams) s.close();
    return rows;
  } finally {
    await cluster?.stop();
    await db.kysely.destroy();
    await database.drop();
  }
}

/** user/info's p99 on one API process, without and then with STREAMS open streams on it. */
async function streamsLoad(): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-streams-"));
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    API_PORT: port,
    SIWE_DOMAINS: "bench.local",
    LOG_LEVEL: "warn",
    LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
    SETTLEMENT_INTERVAL_SECONDS: "0",
    PROTOCOL_SNAPSHOT_INTERVAL_MS: "0",
    EVENT_STREAMS_PER_USER: String(STREAMS),
  };
  await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts", "--seed"], env);
  const api = startChild("api", process.execPath, ["--import", "tsx", "server/server.ts"], { env, quiet: true });
  const streams: TestStream[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor("API", () => httpAnswers(`${base}/base/api/user/nonce`), 30_000, api);
    const token = await signIn(`${base}/base/api`);
    const target = { url: `${base}/base/api/user/info`, headers: { token }, server: api };
    const [without] = await interleaved([target], 4, 2);
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(base, token));
    const opened = streams.filter((s) => s.status === 200).length;
    const [withStreams] = await interleaved([target], 4, 2);
    const ratio = withStreams!.p99Ms / without!.p99Ms;
    return [
      {
        metric: `user/info p99 without streams`,
        value: without!.p99Ms,
        unit: "ms",
        budget: "yardstick",
        ok: without!.errors === 0,
      },
      {
        metric: `user/info p99 with ${opened} open streams on its process`,
        value: withStreams!.p99Ms,
        unit: "ms",
        budget: "info",
        ok: opened === STREAMS && withStreams!.errors === 0,
      },
      {
        metric: `  ÷ without (req/s ${without!.requestsPerSecond} → ${withStreams!.requestsPerSecond})`,
        value: Math.round(ratio * 100) / 100,
        unit: "",
        budget: `≤ ${P99_BUDGET}`,
        ok: ratio <= P99_BUDGET,
      },
    ];
  } finally {
    for (const s of streams) s.close();
    await stopChild(api);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function eventStreamMetrics(): Promise<Row[]> {
  const rows = await oneProcess();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl) rows.push(...(await threeReplicas(adminUrl)));
  else
    rows.push({
      metric: "recharge confirmation → stream on 3 replicas: set TEST_DATABASE_URL",
      value: 0,
      unit: "",
      budget: "skipped",
      ok: true,
    });
  rows.push(...(await streamsLoad()));
  return rows;
}
