import { mnemonicToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { createDb, type Db } from "../../../server/db/database";
import { JobLeases } from "../../../server/jobs/lease/job-leases";
import { type JobLease, LeaseLostError } from "../../../server/jobs/lease/with-lease";
import { runPayoutPass, type PayoutWorkerOptions } from "../../../server/jobs/payout-worker";
import { startTestChain, type TestChain } from "../assets/hardhat";
import { payoutOptions } from "../assets/payout-options";
import { assetsTestEnv, type AssetsTestEnv, FUND_PASSWORD, post, SETUP_TIMEOUT_MS } from "../assets/support";
import { heldLease } from "../support/held-lease";
import { sleep } from "./support";

const TTL = 300;
const JOB = "payout-worker";

let chain: TestChain;
let env: AssetsTestEnv;
let otherDb: Db;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => chain?.stop());
beforeEach(async () => {
  env = await assetsTestEnv();
  // The second process's own pool on PostgreSQL; in-memory SQLite has only the one connection.
  otherDb = env.config.databaseUrl ? createDb({ databaseUrl: env.config.databaseUrl, sqliteFile: "" }) : env.db;
}, SETUP_TIMEOUT_MS);
afterEach(async () => {
  if (otherDb !== env.db) await otherDb.kysely.destroy();
  await env.close();
}, SETUP_TIMEOUT_MS);

const worker = (lease: JobLease, over: Partial<PayoutWorkerOptions> = {}) => payoutOptions(lease, chain, over);

async function holding(leases: JobLeases): Promise<bigint> {
  await leases.register(JOB);
  const token = leases.tokenOf(JOB);
  if (token === null) throw new Error(`${leases.holder} does not hold ${JOB}`);
  return token;
}

describe("a payout worker whose lease was taken over", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("claims nothing and broadcasts nothing when it resumes; the new holder pays once", async () => {
    await runPayoutPass(worker(await heldLease(env.db, "seed-payouts"))); // the seeded withdrawals, paid first
    const to = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 30 }).address;
    const json = (
      await post(env.app, "/asset/withdraw", env.aliceToken, {
        type: 2,
        address: to,
        amount: "15000000",
        password: FUND_PASSWORD,
      })
    ).json();
    expect(json.code, json.msg).toBe(0);
    const recordId = BigInt(json.data.id as number);

    const old = new JobLeases(env.db, { ttlMs: TTL, holder: "old" });
    const oldLease = old.lease(JOB, await holding(old));
    // SIGSTOP: the old holder's renewals stop, its lease runs out, another process takes the job.
    await old.stop();
    await sleep(TTL + 50);
    const next = new JobLeases(otherDb, { ttlMs: TTL, holder: "next" });
    const nextToken = await holding(next);

    // SIGCONT: the old holder's pass goes on with the lease it was given.
    const oldSent: string[] = [];
    const resumed = runPayoutPass(worker(oldLease, { broadcast: async (raw) => oldSent.push(raw) }));
    await expect(resumed).rejects.toBeInstanceOf(LeaseLostError);
    expect(oldSent).toEqual([]);
    const pending = await env.db.kysely
      .selectFrom("asset_records")
      .select("status")
      .where("id", "=", recordId)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe("pending");
    expect(await env.db.kysely.selectFrom("withdrawal_payouts").select("id").where("record_id", "=", recordId).execute()).toEqual(
      [],
    );

    const nextSent: string[] = [];
    const nextLease = next.lease(JOB, nextToken);
    const send = worker(nextLease).client;
    const result = await runPayoutPass(
      worker(nextLease, {
        broadcast: async (raw) => {
          nextSent.push(raw);
          return send.sendRawTransaction({ serializedTransaction: raw });
        },
      }),
    );
    expect(result).toMatchObject({ sent: 1, paid: 1 });
    expect(nextSent).toHaveLength(1);
    expect(await chain.usdtBalance(to)).toBe(15_000_000n);
    await next.release();
  });
});
