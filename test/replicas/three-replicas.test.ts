/**
 * Three API processes on one PostgreSQL database behind our web server (issue 15): money stays
 * exact under concurrent calls spread across them; the payout job survives its holder being
 * killed (kill -9) mid-pass and another holder being paused past its lease (SIGSTOP) — every
 * withdrawal is paid exactly once on chain, every recharge credited once; a limit of 20 a
 * minute holds across the three. Runs with TEST_DATABASE_URL (`.ci/run`, `npm run test:replicas`).
 */
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, HARDHAT_MNEMONIC } from "../../domain/demo-accounts";
import { createDb, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { expectLedgerMatchesBalances } from "../server/assets/support";
import { gameArtifactAbi, startTestChain, usdtAbi, type TestChain } from "../server/assets/hardhat";
import { createPgTestDatabase } from "../server/support/pg-test-database";
import { startCluster, type Cluster, type Replica } from "./support/cluster";
import { createBuyer, createProduct, FUND_PASSWORD, fundPasswordHash, type Buyer } from "./support/fixtures";
import { holderOf, waitUntil } from "./support/leases";

const LEASE_MS = 1500;
const PAYOUT_JOB = "payout-worker";
const WITHDRAWAL = 12_000_000n; // 12 USDT: two fit in a buyer's 30, a third does not
const OPERATOR = privateKeyToAccount(DEMO_ACCOUNTS[0]!.privateKey);
/** Hardhat accounts (funded with ETH) that recharge: users of the app with wallets of their own. */
const RECHARGERS = [5, 6, 7];
const adminUrl = process.env.TEST_DATABASE_URL;

let chain: TestChain;
let database: { url: string; drop(): Promise<void> };
let db: Db;
let cluster: Cluster;
let productId: bigint;
let buyers: Buyer[];
let recipientIndex = 1000;
const recipients = new Map<string, bigint>();
const newRecipient = () => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: recipientIndex++ }).address.toLowerCase();

async function call(base: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/base/api${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: unknown } };
}

/** A withdrawal to a fresh address, remembered when accepted: each address must end up holding exactly its amount. */
async function withdraw(b: Buyer) {
  const address = newRecipient();
  const res = await call(cluster.webUrl, "/asset/withdraw", b.token, {
    type: 2,
    address,
    amount: String(WITHDRAWAL),
    password: FUND_PASSWORD,
  });
  if (res.json.code === 0) recipients.set(address, WITHDRAWAL);
  return res;
}

const replicaOfPid = (pid: number | null) => cluster.replicas.find((r) => r.pid === pid) ?? null;

describe.skipIf(!adminUrl)("three API replicas on one PostgreSQL", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    chain = await startTestChain();
    database = await createPgTestDatabase(adminUrl!);
    db = createDb({ databaseUrl: database.url, sqliteFile: ":memory:" });
    await migrateToLatest(db);
    productId = await createProduct(db.kysely);
    const hash = await fundPasswordHash();
    // 150 fen buys one 100-fen product of two tried; 30 USDT withdrawable covers two of three 12-USDT debits.
    buyers = [];
    for (let i = 0; i < 40; i++)
      buyers.push(await createBuyer(db.kysely, { fundPasswordHash: hash, grants: { CNY: 150n, WUSDT: 30_000_000n } }));
    // The recharging wallets get their USDT now: once the cluster runs, account #0 is the payout
    // wallet, and a transaction of ours at its next nonce would take the place of a stored payout
    // (which then, rightly, waits out the replacement window before it is sent again).
    for (const index of RECHARGERS)
      await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [
        mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index }).address,
        50_000_000n,
      ]);
    cluster = await startCluster({
      replicas: 3,
      databaseUrl: database.url,
      rpcUrl: chain.rpcUrl,
      deploymentsFile: chain.deploymentsFile,
      env: {
        JOB_LEASE_MS: String(LEASE_MS),
        PAYOUT_INTERVAL_MS: "200",
        CHAIN_WATCH_INTERVAL_MS: "200",
        LOGIN_RATE_LIMIT_PER_MINUTE: "20",
      },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.kysely.destroy();
    await database?.drop();
    await chain?.stop();
  }, 60_000);

  it("holds a limit of 20 a minute across the three", async () => {
    const client = { "x-forwarded-for": "198.51.100.7" };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const replica = cluster.replicas[i % 3]!;
      codes.push((await call(replica.url, "/user/nonce", null, undefined, client)).status);
    }
    expect(codes.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    // Another client's allowance is its own.
    expect(
      (await call(cluster.replicas[0]!.url, "/user/nonce", null, undefined, { "x-forwarded-for": "198.51.100.8" })).status,
    ).toBe(200);
  });

  it("keeps every balance exact under 200 concurrent orders, transfers and withdrawals", async () => {
    const calls = buyers.flatMap((b) => [
      call(cluster.webUrl, "/home/order", b.token, { productId: Number(productId), payType: 1 }),
      call(cluster.webUrl, "/home/order", b.token, { productId: Number(productId), payType: 1 }),
      call(cluster.webUrl, "/asset/transfer", b.token, { amount: String(WITHDRAWAL), password: FUND_PASSWORD }),
      withdraw(b),
      withdraw(b),
    ]);
    const results = await Promise.all(calls);
    expect(results).toHaveLength(200);
    for (let i = 0; i < buyers.length; i++) {
      const mine = results.slice(i * 5, i * 5 + 5);
      const [orders, debits] = [mine.slice(0, 2), mine.slice(2)];
      expect(orders.filter((r) => r.json.code === 0)).toHaveLength(1);
      expect(debits.filter((r) => r.json.code === 0)).toHaveLength(2);
      for (const r of mine.filter((x) => x.json.code !== 0)) expect(r.status, r.json.msg).toBe(409);
    }
    const negative = await db.kysely
      .selectFrom("users")
      .select("id")
      .where((eb) => eb.or([eb("amount_cny", "<", 0n), eb("amount_usdt", "<", 0n), eb("withdraw_usdt", "<", 0n)]))
      .execute();
    expect(negative).toEqual([]);
    await expectLedgerMatchesBalances(db);
  });

  it("pays every withdrawal exactly once through a kill -9 and a pause, and credits every recharge once", async () => {
    // 1. Kill the payout job's holder in the middle of a pass: some withdrawal claimed, some still pending.
    const pending = () =>
      db.kysely.selectFrom("asset_records").select("id").where("type", "=", "withdraw").where("status", "=", "pending").execute();
    // A burst of new withdrawals (more than one pass takes), whatever the earlier ones' state.
    const hash = await fundPasswordHash();
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => createBuyer(db.kysely, { fundPasswordHash: hash, grants: { WUSDT: 30_000_000n } })),
    );
    const accepted = await Promise.all(burst.map((b) => withdraw(b)));
    expect(accepted.every((r) => r.json.code === 0)).toBe(true);
    const burstIds = accepted.map((r) => BigInt((r.json.data as { id: number }).id));
    await waitUntil("a payout pass under way", LEASE_MS * 20, async () => {
      const started = await db.kysely
        .selectFrom("withdrawal_payouts")
        .select("id")
        .where("record_id", "in", burstIds)
        .limit(1)
        .execute();
      return started.length > 0;
    });
    const first = replicaOfPid((await holderOf(db, PAYOUT_JOB))?.pid ?? null);
    expect(first, "the payout lease names a replica of this cluster").not.toBeNull();
    first!.signal("SIGKILL");
    const killedAt = Date.now();
    expect((await pending()).length, "killed while withdrawals were still waiting").toBeGreaterThan(0);

    // Recharges arrive while the jobs change hands.
    const rechargeUsers: Buyer[] = [];
    for (const index of RECHARGERS) {
      const who = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
      rechargeUsers.push(await createBuyer(db.kysely, { address: who.address, fundPasswordHash: "x", grants: {} }));
      await chain.write(who, chain.usdt, usdtAbi(), "approve", [chain.game, 50_000_000n]);
      await chain.write(who, chain.game, gameArtifactAbi(), "recharge", [
        chain.usdt,
        4000000000000n + BigInt(index),
        50_000_000n,
      ]);
    }

    // 2. Another replica takes the job over within two lease intervals.
    let second: Replica | null = null;
    await waitUntil("a new payout holder", LEASE_MS * 2 + 500, async () => {
      second = replicaOfPid((await holderOf(db, PAYOUT_JOB))?.pid ?? null);
      return second !== null && second !== first;
    });
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS * 2 + 500);

    // 3. More work, then pause the new holder past its lease: the third takes over, the paused one resumes.
    const late = await Promise.all(
      buyers.slice(0, 10).map((b) => call(cluster.webUrl, "/home/order", b.token, { productId: Number(productId), payType: 1 })),
    );
    expect(late.every((r) => r.status === 409)).toBe(true); // the dead replica is skipped, not answered with a 502
    const extra = await Promise.all(
      [0, 1, 2].map(async () =>
        createBuyer(db.kysely, { fundPasswordHash: await fundPasswordHash(), grants: { WUSDT: 30_000_000n } }),
      ),
    );
    for (const b of extra) expect((await withdraw(b)).json.code).toBe(0);
    second!.signal("SIGSTOP");
    let third: Replica | null = null;
    await waitUntil("a third payout holder", LEASE_MS * 2 + 1500, async () => {
      third = replicaOfPid((await holderOf(db, PAYOUT_JOB))?.pid ?? null);
      return third !== null && third !== second && third !== first;
    });
    await new Promise((r) => setTimeout(r, LEASE_MS));
    second!.signal("SIGCONT");

    // 4. Everything settles: paid once each on chain, credited once each.
    await waitUntil(
      "every withdrawal paid",
      90_000,
      async () => (await pending()).length === 0 && (await sending()).length === 0,
    );
    const records = await db.kysely.selectFrom("asset_records").selectAll().where("type", "=", "withdraw").execute();
    expect(records.length).toBe(recipients.size);
    for (const r of records) expect(r.status, `withdrawal ${r.id}: ${r.note}`).toBe("success");
    for (const [address, amount] of recipients) expect(await chain.usdtBalance(address as `0x${string}`), address).toBe(amount);
    const paidPerRecord = await db.kysely
      .selectFrom("withdrawal_payouts")
      .select(["record_id", (eb) => eb.fn.countAll<string>().as("n")])
      .where("status", "=", "mined")
      .groupBy("record_id")
      .execute();
    expect(paidPerRecord.every((p) => Number(p.n) === 1)).toBe(true);

    const credited = async () =>
      (
        await db.kysely
          .selectFrom("users")
          .select("amount_usdt")
          .where(
            "id",
            "in",
            rechargeUsers.map((u) => u.id),
          )
          .execute()
      ).map((u) => BigInt(u.amount_usdt));
    await waitUntil("every recharge credited", 30_000, async () => (await credited()).every((usdt) => usdt === 50_000_000n));
    await new Promise((r) => setTimeout(r, 1000)); // a second credit would need another watcher pass: give it one
    expect(await credited()).toEqual([50_000_000n, 50_000_000n, 50_000_000n]);
    await expectLedgerMatchesBalances(db);
  });

  const sending = () =>
    db.kysely.selectFrom("asset_records").select("id").where("type", "=", "withdraw").where("status", "=", "sending").execute();
});
