/**
 * Live updates over three API processes on one PostgreSQL (issue 28, item 3): an event written
 * by one process reaches streams served by the others (LISTEN/NOTIFY), also through our web
 * server's proxy; a stream whose process is killed resumes on another from Last-Event-ID and
 * misses nothing; the limits on open streams hold across the three. Runs with TEST_DATABASE_URL.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { appendEventInTrx } from "../../server/modules/events/append-event";
import { dataOf } from "../server/events/support";
import { openStream, type TestStream } from "../server/events/stream-client";
import { createPgTestDatabase } from "../server/support/pg-test-database";
import { startCluster, type Cluster } from "./support/cluster";
import { createBuyer, FUND_PASSWORD, fundPasswordHash, type Buyer } from "./support/fixtures";

const adminUrl = process.env.TEST_DATABASE_URL;
const PER_USER = 3;
const PER_PROCESS = 6;

let database: { url: string; drop(): Promise<void> };
let db: Db;
let cluster: Cluster;
let users: Buyer[];
const streams: TestStream[] = [];
const open = async (url: string, token: string, lastEventId?: string) => {
  const stream = await openStream(url, token, lastEventId ? { lastEventId } : {});
  streams.push(stream);
  return stream;
};
const marker = (user: Buyer, n: number) =>
  db.kysely
    .transaction()
    .execute((trx) => appendEventInTrx(trx, user.id, "lottery", { round: String(n), status: "drawn" }, { now: Date.now() }));

describe.skipIf(!adminUrl)("live updates on three API replicas", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    database = await createPgTestDatabase(adminUrl!);
    db = createDb({ databaseUrl: database.url, sqliteFile: ":memory:" });
    await migrateToLatest(db);
    const hash = await fundPasswordHash();
    users = [];
    for (let i = 0; i < 10; i++)
      users.push(await createBuyer(db.kysely, { fundPasswordHash: hash, grants: { WUSDT: 100_000_000n } }));
    cluster = await startCluster({
      replicas: 3,
      databaseUrl: database.url,
      // No chain: these tests need none of the chain jobs.
      rpcUrl: "http://127.0.0.1:9",
      deploymentsFile: path.join(database.url.replace(/\W/g, "_"), "none.json"),
      env: {
        EVENT_STREAMS_PER_USER: String(PER_USER),
        EVENT_STREAMS_PER_PROCESS: String(PER_PROCESS),
        EVENT_HEARTBEAT_MS: "500",
        LOTTERY_KEEPER_INTERVAL_MS: "0",
        PRICE_KEEPER_INTERVAL_MS: "0",
        INVITE_BINDER_INTERVAL_MS: "0",
        PROTOCOL_SNAPSHOT_INTERVAL_MS: "0",
      },
    });
  }, 240_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await cluster?.stop();
    await db?.kysely.destroy();
    await database?.drop();
  }, 60_000);

  it("a withdrawal on one replica reaches the owner's streams on the others and through the web server, and no one else's", async () => {
    const [alice, bob] = users as [Buyer, Buyer];
    const [r1, r2, r3] = cluster.replicas;
    const onR2 = await open(r2!.url, alice.token);
    const viaWeb = await open(cluster.webUrl, alice.token);
    const bobsOnR3 = await open(r3!.url, bob.token);
    for (const s of [onR2, viaWeb, bobsOnR3]) await s.next((m) => m.event === "ready");
    const res = await fetch(`${r1!.url}/base/api/asset/withdraw`, {
      method: "POST",
      headers: { token: alice.token, "content-type": "application/json" },
      body: JSON.stringify({ type: 2, address: `0x${"ab".repeat(20)}`, amount: "12000000", password: FUND_PASSWORD }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const sentAt = Date.now();
    for (const s of [onR2, viaWeb]) {
      const balance = await s.next((m) => m.event === "balance" && dataOf(m).currency === "WUSDT", { timeoutMs: 2000 });
      expect(dataOf(balance).balance).toBe("88000000");
    }
    expect(Date.now() - sentAt).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobsOnR3.messages.map((m) => m.event)).toEqual(["ready"]);
  });

  it("holds the per-user limit across the three, and each process's own limit", async () => {
    const carol = users[2]!;
    const opened = [];
    for (const r of cluster.replicas) opened.push(await open(r.url, carol.token));
    expect(opened.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const r of cluster.replicas) {
      const refused = await open(r.url, carol.token);
      expect(refused.status).toBe(429);
      expect(refused.refusal?.key).toBe("events.tooManyStreams");
    }
    // Replica 1 serves Carol's stream (and maybe Alice's, through the web server): fill it with others'.
    const r1 = cluster.replicas[0]!;
    const more = users.slice(3);
    let served = 0;
    let refusedBusy: TestStream | null = null;
    for (const user of more) {
      const s = await open(r1.url, user.token);
      if (s.status === 200) served++;
      else {
        refusedBusy = s;
        break;
      }
    }
    expect(refusedBusy?.status).toBe(503);
    expect(refusedBusy?.refusal?.key).toBe("events.serverBusy");
    expect(served).toBeLessThan(PER_PROCESS);
    // The same user is served by another replica.
    const elsewhere = await open(cluster.replicas[1]!.url, more[served]!.token);
    expect(elsewhere.status).toBe(200);
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));
  });

  it("a stream whose replica is killed resumes on another from Last-Event-ID and misses nothing", async () => {
    const dave = users[9]!;
    const victim = cluster.replicas[2]!;
    const first = await open(victim.url, dave.token);
    await first.next((m) => m.event === "ready");
    let n = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await marker(dave, ++n);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    await first.next((m) => m.event === "lottery" && Number(dataOf(m).round) >= 20);
    victim.signal("SIGKILL");
    await first.ended;
    const lastSeen = first.lastId();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const resumed = await open(cluster.replicas[0]!.url, dave.token, lastSeen);
    await resumed.next((m) => m.event === "lottery" && Number(dataOf(m).round) >= n);
    writing = false;
    await writer;
    await resumed.next((m) => m.event === "lottery" && Number(dataOf(m).round) === n);
    const rounds = [...first.messages, ...resumed.messages]
      .filter((m) => m.event === "lottery")
      .map((m) => Number(dataOf(m).round));
    expect(rounds).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(resumed.messages[0]).toMatchObject({ event: "ready", id: lastSeen });
    // The killed process's stream row stops counting once its heartbeats stop (three of 500 ms).
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const live = await db.kysely
      .selectFrom("event_streams")
      .select("id")
      .where("user_id", "=", dave.id)
      .where("expires_at", ">", BigInt(Date.now()))
      .execute();
    expect(live).toHaveLength(1);
  });
});
