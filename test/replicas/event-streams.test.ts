/**
 * Live updates over three API processes on one PostgreSQL (issue 28, item 3): an event written
 * by one process reaches streams served by the others (LISTEN/NOTIFY), also through our web
 * server's proxy; a stream whose process is killed resumes on another from Last-Event-ID and
 * misses nothing; the limits on open streams hold across the three; and no stream ever carries
 * another user's event. Runs with TEST_DATABASE_URL.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { keccak256, toHex } from "viem";
import { appendEventInTrx } from "../../server/modules/events/append-event";
import { recordDrawInTrx } from "../../server/modules/lottery/lottery-draw.service";
import { creditRechargeEvent } from "../../server/modules/recharge/recharge-credit.service";
import { noteConfirmationsInTrx } from "../../server/modules/recharge/recharge-confirmations.service";
import { findRecord } from "../../server/modules/records/records.repository";
import { payoutsOfRecords } from "../../server/modules/withdraw/payout.repository";
import { claimForPayoutInTrx, markPaidInTrx } from "../../server/modules/withdraw/payout.service";
import { dataOf } from "../server/events/support";
import { openStream, type TestStream } from "../server/events/stream-client";
import { createPgTestDatabase } from "../server/support/pg-test-database";
import { startCluster, type Cluster, type Replica } from "./support/cluster";
import { createBuyer, createProduct, FUND_PASSWORD, fundPasswordHash, type Buyer } from "./support/fixtures";

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
/** Another kind of event, tagged with its owner: a stream that shows one of another user's has leaked it. */
const tagged = (user: Buyer, n: number, tag: string) =>
  db.kysely
    .transaction()
    .execute((trx) =>
      appendEventInTrx(trx, user.id, "payout", { recordId: String(n), status: "sent", txHash: tag }, { now: Date.now() }),
    );
const post = async (baseUrl: string, path: string, token: string, body: unknown) => {
  const res = await fetch(`${baseUrl}/base/api${path}`, {
    method: "POST",
    headers: { token, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; msg: string; data: { id: string } };
  expect(reply, path).toMatchObject({ code: 0 });
  return reply.data;
};

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

  it("a recharge, an order, a payout and a draw reach the owner's streams on all three; the draw also others', nothing else", async () => {
    const [erin, frank] = [users[7]!, users[8]!];
    const [r1, r2, r3] = cluster.replicas as [Replica, Replica, Replica];
    const erins = [await open(r1.url, erin.token), await open(r2.url, erin.token), await open(r3.url, erin.token)];
    const franks = await open(r3.url, frank.token);
    for (const s of [...erins, franks]) await s.next((m) => m.event === "ready");

    // The recharge's steps as the chain watcher writes them (on whichever replica holds its lease).
    const reference = "7700000000001";
    const intent = await post(r1.url, "/asset/chain/recharge", erin.token, { reference, amount: "3000000" });
    const txHash = keccak256(toHex(reference));
    const recordId = String(intent.id);
    const seen = { userId: erin.id, recordId: BigInt(recordId), txHash, required: 2 };
    for (const confirmations of [1, 2])
      await db.kysely.transaction().execute((trx) => noteConfirmationsInTrx(trx, { ...seen, confirmations, now: Date.now() }));
    const payment = { chainId: 31337, genesisHash: `0x${"0e".repeat(32)}`, txHash, ordinal: 0, logIndex: 0 };
    const block = { blockNumber: 12n, blockHash: `0x${"b2".repeat(32)}`, user: erin.address, decimals: 6 };
    const token = "0x55d398326f99059ff775485246999027b3197955";
    const ev = { ...payment, ...block, token, random: BigInt(reference), amount: 3_000_000n };
    expect(await creditRechargeEvent(db.kysely, ev, Date.now())).toBe("matched");
    // An order on another replica: PostgreSQL's place_order writes the debit's event.
    const productId = await createProduct(db.kysely);
    await post(r2.url, "/home/order", erin.token, { productId: Number(productId), payType: 2 });
    // A withdrawal on the third, and its payout as the payout worker writes it.
    const address = `0x${"cd".repeat(20)}`;
    const withdrawal = await post(r3.url, "/asset/withdraw", erin.token, {
      type: 2,
      address,
      amount: "11000000",
      password: FUND_PASSWORD,
    });
    const record = (await findRecord(db.kysely, BigInt(withdrawal.id)))!;
    const signed = { chain_id: 31337, genesis_hash: payment.genesisHash, from_address: address, to_address: address };
    const payout = {
      ...signed,
      token_address: token,
      token_amount: "11000000",
      nonce: 7n,
      tx_hash: keccak256("0x07"),
      raw_tx: "0x00",
    };
    await db.kysely.transaction().execute((trx) => claimForPayoutInTrx(trx, record, payout, Date.now()));
    const [row] = await payoutsOfRecords(db.kysely, [BigInt(record.id)]);
    await db.kysely.transaction().execute((trx) => markPaidInTrx(trx, row!, Date.now()));
    await db.kysely.transaction().execute((trx) => recordDrawInTrx(trx, `0x${"9a".repeat(20)}`, 1n, Date.now()));

    const expected = [
      ["recharge", { recordId, status: "confirming", confirmations: 1, required: 2 }],
      ["recharge", { recordId, status: "confirming", confirmations: 2, required: 2 }],
      ["balance", { currency: "USDT", balance: "3000000" }],
      ["recharge", { recordId, status: "credited", confirmations: null, required: null }],
      ["balance", { currency: "USDT", balance: "2000000" }],
      ["balance", { currency: "WUSDT", balance: "89000000" }],
      ["payout", { recordId: String(record.id), status: "sent", txHash: payout.tx_hash }],
      ["payout", { recordId: String(record.id), status: "confirmed", txHash: payout.tx_hash }],
    ];
    for (const s of erins) {
      await s.next((m) => m.event === "payout" && dataOf(m).status === "confirmed");
      await s.next((m) => m.event === "lottery");
      const own = s.messages.filter((m) => m.event !== "ready" && m.event !== "lottery");
      expect(own.map((m) => [m.event, dataOf(m)])).toEqual(expected);
      expect(s.messages.filter((m) => m.event === "lottery")).toHaveLength(1);
    }
    await franks.next((m) => m.event === "lottery");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(franks.messages.map((m) => m.event)).toEqual(["ready", "lottery"]);
    for (const s of [...erins, franks]) s.close();
    await Promise.all([...erins, franks].map((s) => s.ended));
    // Their slots are free again before the next test counts slots.
    const slots = () => db.kysely.selectFrom("event_streams").select("id").where("user_id", "in", [erin.id, frank.id]).execute();
    await expect.poll(slots, { timeout: 5000 }).toEqual([]);
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

  it("streams whose replica is killed resume on others from Last-Event-ID, miss nothing, and get none of each other's", async () => {
    const [dave, grace] = [users[9]!, users[6]!];
    const victim = cluster.replicas[2]!;
    const first = await open(victim.url, dave.token);
    const gracesFirst = await open(victim.url, grace.token);
    for (const s of [first, gracesFirst]) await s.next((m) => m.event === "ready");
    let n = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        n++;
        await Promise.all([marker(dave, n), tagged(grace, n, "grace")]);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    let resumed: TestStream, gracesResumed: TestStream, spoofed: TestStream, lastSeen: string;
    try {
      await first.next((m) => m.event === "lottery" && Number(dataOf(m).round) >= 20);
      victim.signal("SIGKILL");
      await Promise.all([first.ended, gracesFirst.ended]);
      lastSeen = first.lastId();
      await new Promise((resolve) => setTimeout(resolve, 200));
      resumed = await open(cluster.replicas[0]!.url, dave.token, lastSeen);
      // Grace resumes elsewhere, and also from Dave's position: a position counts in its owner's sequence only.
      gracesResumed = await open(cluster.replicas[1]!.url, grace.token, gracesFirst.lastId());
      spoofed = await open(cluster.replicas[1]!.url, grace.token, lastSeen);
      await resumed.next((m) => m.event === "lottery" && Number(dataOf(m).round) >= n);
    } finally {
      // Stopped however the test ends: no write may outlive the database.
      writing = false;
      await writer;
    }
    await resumed.next((m) => m.event === "lottery" && Number(dataOf(m).round) === n);
    await gracesResumed.next((m) => m.event === "payout" && Number(dataOf(m).recordId) === n);
    const rounds = [...first.messages, ...resumed.messages]
      .filter((m) => m.event === "lottery")
      .map((m) => Number(dataOf(m).round));
    expect(rounds).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(resumed.messages[0]).toMatchObject({ event: "ready", id: lastSeen });
    const gracesEvents = [...gracesFirst.messages, ...gracesResumed.messages].filter((m) => m.event === "payout");
    expect(gracesEvents.map((m) => Number(dataOf(m).recordId))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    // Each stream carried its owner's kind of event only.
    for (const s of [first, resumed]) expect(s.messages.every((m) => ["ready", "lottery"].includes(m.event))).toBe(true);
    for (const s of [gracesFirst, gracesResumed, spoofed])
      expect(s.messages.every((m) => m.event !== "lottery" && (m.event !== "payout" || dataOf(m).txHash === "grace"))).toBe(true);
    // The killed process's stream rows stop counting once its heartbeats stop (three of 500 ms).
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
