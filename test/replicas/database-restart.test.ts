/**
 * A fault drill (issue 29, item 5): PostgreSQL restarts while orders and withdrawals are in flight
 * on three API replicas. Every order is committed exactly once or refused with a clear error; each
 * withdrawal is paid exactly once on chain (neither lost nor sent twice); the replicas reconnect by
 * themselves: `/ready` answers 200 again without any process being restarted. The database is a
 * server of the test's own, so the restart disturbs no one else (root, as `.ci/run` has).
 */
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARDHAT_MNEMONIC } from "../../domain/demo-accounts";
import { createDb, type Db } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { expectLedgerMatchesBalances } from "../server/assets/support";
import { startTestChain, type TestChain } from "../server/assets/hardhat";
import { startCluster, type Cluster } from "./support/cluster";
import { createBuyer, createProduct, FUND_PASSWORD, fundPasswordHash, type Buyer } from "./support/fixtures";
import { waitUntil } from "./support/leases";
import { ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from "../../scripts/lib/own-postgres";

const WITHDRAWAL = 12_000_000n;
const PRICE_FEN = 100n;
const GRANT_FEN = 1_000_000n;
let chain: TestChain;
let pg: OwnPostgres;
let db: Db;
let cluster: Cluster;
let productId: bigint;
let buyers: Buyer[];

async function call(base: string, path: string, token: string | null, body?: unknown) {
  try {
    const res = await fetch(`${base}/base/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as { code: number; msg: string; key?: string; data: unknown } };
  } catch (err) {
    return { status: 0, json: { code: -1, msg: String(err), data: null } };
  }
}

const runIf = Boolean(process.env.TEST_DATABASE_URL) && ownPostgresAvailable();

describe.skipIf(!runIf)("PostgreSQL restarts under three replicas", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    chain = await startTestChain();
    pg = await startOwnPostgres();
    db = createDb({ databaseUrl: pg.url, sqliteFile: ":memory:" });
    await migrateToLatest(db);
    productId = await createProduct(db.kysely);
    const hash = await fundPasswordHash();
    buyers = [];
    for (let i = 0; i < 25; i++)
      buyers.push(await createBuyer(db.kysely, { fundPasswordHash: hash, grants: { CNY: GRANT_FEN, WUSDT: 30_000_000n } }));
    cluster = await startCluster({
      replicas: 3,
      databaseUrl: pg.url,
      rpcUrl: chain.rpcUrl,
      deploymentsFile: chain.deploymentsFile,
      env: { JOB_LEASE_MS: "1500", PAYOUT_INTERVAL_MS: "200", CHAIN_WATCH_INTERVAL_MS: "200" },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.kysely.destroy();
    pg?.stop();
    await chain?.stop();
  }, 60_000);

  it("commits each order once or refuses it clearly, pays each withdrawal once, and every replica recovers", async () => {
    const pids = cluster.replicas.map((r) => r.pid);
    const recipients = buyers.slice(0, 5).map((_, i) => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 2000 + i }).address);
    const withdrawals = await Promise.all(
      buyers.slice(0, 5).map((b, i) =>
        call(cluster.webUrl, "/asset/withdraw", b.token, {
          type: 2,
          address: recipients[i]!.toLowerCase(),
          amount: String(WITHDRAWAL),
          password: FUND_PASSWORD,
        }),
      ),
    );
    expect(withdrawals.map((w) => w.json.code)).toEqual([0, 0, 0, 0, 0]);
    // The restart comes as the payout job signs and sends, and while the orders arrive.
    await waitUntil("a payout under way", 30_000, async () => {
      const rows = await db.kysely.selectFrom("withdrawal_payouts").select("id").limit(1).execute();
      return rows.length > 0;
    });
    // Each buyer orders one after another from before the restart until a second after it.
    let ordering = true;
    const loops = buyers.map(async (b) => {
      const mine: Awaited<ReturnType<typeof call>>[] = [];
      while (ordering) {
        mine.push(await call(cluster.webUrl, "/home/order", b.token, { productId: Number(productId), payType: 1 }));
        await new Promise((r) => setTimeout(r, 20));
      }
      return mine;
    });
    await new Promise((r) => setTimeout(r, 300));
    await pg.restart();
    await new Promise((r) => setTimeout(r, 1000));
    ordering = false;
    const perBuyer = await Promise.all(loops);
    const answers = perBuyer.flat();

    // Every replica answers /ready again by itself: same processes, no restart.
    for (const replica of cluster.replicas)
      await waitUntil(
        `replica ${replica.index + 1} ready`,
        30_000,
        async () => (await call(replica.url, "/ready", null)).status === 200,
      );
    expect(cluster.replicas.map((r) => r.pid)).toEqual(pids);
    expect(cluster.replicas.every((r) => r.alive())).toBe(true);

    // Each buyer: exactly the accepted orders exist and were paid for; each refusal is a clear one.
    const refused = answers.filter((a) => a.json.code !== 0);
    expect(refused.length, "the restart refused some orders").toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status, JSON.stringify(r)).toBe(503);
      expect(r.json.key, JSON.stringify(r)).toBe("api.unavailable");
    }
    for (let i = 0; i < buyers.length; i++) {
      const accepted = perBuyer[i]!.filter((a) => a.json.code === 0).length;
      const stored = await db.kysely.selectFrom("orders").select("id").where("user_id", "=", buyers[i]!.id).execute();
      expect(stored.length, `buyer ${i}`).toBe(accepted);
      const user = await db.kysely
        .selectFrom("users")
        .select("amount_cny")
        .where("id", "=", buyers[i]!.id)
        .executeTakeFirstOrThrow();
      expect(BigInt(user.amount_cny)).toBe(GRANT_FEN - PRICE_FEN * BigInt(accepted));
    }
    await expectLedgerMatchesBalances(db);

    // The withdrawals: each paid once on chain, none lost.
    await waitUntil("every withdrawal paid", 90_000, async () => {
      const open = await db.kysely
        .selectFrom("asset_records")
        .select("id")
        .where("type", "=", "withdraw")
        .where("status", "in", ["pending", "sending"])
        .execute();
      return open.length === 0;
    });
    const records = await db.kysely.selectFrom("asset_records").selectAll().where("type", "=", "withdraw").execute();
    for (const r of records) expect(r.status, `withdrawal ${r.id}: ${r.note}`).toBe("success");
    for (const address of recipients) expect(await chain.usdtBalance(address)).toBe(WITHDRAWAL);
  });
});
