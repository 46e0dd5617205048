import type { Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEBT_REFUSAL } from "../../../domain/debt";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { runChainWatcherPass, type ChainWatcherOptions } from "../../../server/jobs/chain-watcher";
import { watcherOptions } from "./watcher-options";
import { hashFundPassword } from "../../../server/modules/register/fund-password";
import { login } from "../support/siwe";
import {
  balances,
  debtOf,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  post,
  SETUP_TIMEOUT_MS,
  userId,
  assetsEnvPerTest,
  assetsTestEnv,
} from "./support";
import { gameArtifactAbi, OPERATOR, startTestChain, usdtAbi, type TestChain } from "./hardhat";
import { refused } from "../support/refused";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
// Hardhat account #5: no account in the demo data, so each test's database starts it at zero.
const NEWCOMER = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
const USDT = 1_000_000n;

let chain: TestChain;
const env = assetsEnvPerTest();

beforeAll(async () => {
  chain = await startTestChain();
  for (const who of [ALICE, NEWCOMER])
    await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [who.address, 1_000n * USDT]);
}, 120_000);
afterAll(async () => chain?.stop());

let lease: JobLease;
beforeEach(async () => {
  lease = await heldLease(env.db, "chain-watcher");
});
const watcher = (over: Partial<ChainWatcherOptions> = {}) => watcherOptions(lease, chain, over);

/** Approve + recharge, sent one after the other; answers the signed bytes, to mine them again after a reorganisation. */
async function recharge(from: LocalAccount, reference: bigint, amount: bigint): Promise<{ raws: Hex[]; hash: `0x${string}` }> {
  const approve = await chain.signWrite(from, chain.usdt, usdtAbi(), "approve", [chain.game, amount]);
  await chain.sendRaw(approve);
  const pay = await chain.signWrite(from, chain.game, gameArtifactAbi(), "recharge", [chain.usdt, reference, amount]);
  return { raws: [approve, pay], hash: await chain.sendRaw(pay) };
}

async function intent(token: string, reference: bigint, amount: bigint): Promise<number> {
  const res = (
    await post(env.app, "/asset/chain/recharge", token, { reference: String(reference), amount: String(amount) })
  ).json();
  expect(res.code, res.msg).toBe(0);
  return res.data.id as number;
}

async function recordView(token: string, id: number) {
  const list = (await post(env.app, "/asset/records", token, { type: "recharge", limit: 50 })).json().data.list as {
    id: number;
    status: string;
  }[];
  return list.find((r) => r.id === id)!;
}

const ledgerOfRecord = async (id: number) =>
  (await env.db.kysely.selectFrom("ledger").selectAll().where("ref", "=", `record:${id}`).orderBy("id").execute()).map((l) => [
    l.currency,
    BigInt(l.delta),
    l.kind,
  ]);

describe("recharges and chain reorganisations (Hardhat, evm_snapshot / evm_revert)", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("confirmations 1: a credited recharge whose blocks are orphaned is reversed with its own ledger row, once", async () => {
    await runChainWatcherPass(watcher()); // earlier tests' events: bring the cursor to the present
    const id = await intent(env.aliceToken, 4200000000001n, 25n * USDT);
    const before = await balances(env.db, env.aliceId);
    const snap = await chain.snapshot();
    const { hash } = await recharge(ALICE, 4200000000001n, 25n * USDT);
    expect((await runChainWatcherPass(watcher())).outcomes.matched).toBe(1);
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 25n * USDT);

    // The recharge's blocks leave the chain; other blocks take their heights.
    await chain.revert(snap);
    await chain.mine(3);
    expect(await chain.client.getTransactionReceipt({ hash }).catch(() => null)).toBeNull();
    const pass = await runChainWatcherPass(watcher());
    expect(pass.reconciled).toMatchObject({ reversed: 1, moved: 0 });
    expect(await balances(env.db, env.aliceId)).toEqual(before);
    expect(await recordView(env.aliceToken, id)).toMatchObject({ status: "Reversed", txHash: hash });
    expect(await ledgerOfRecord(id)).toEqual([
      ["USDT", 25n * USDT, "recharge"],
      ["USDT", -25n * USDT, "recharge_reversal"],
    ]);
    // Later passes find nothing more to do.
    for (let i = 0; i < 2; i++) expect((await runChainWatcherPass(watcher())).reconciled).toMatchObject({ reversed: 0 });
    expect(await balances(env.db, env.aliceId)).toEqual(before);
    await expectLedgerMatchesBalances(env.db);
  });

  it("the same recharge mined again in another block after its reversal is credited again exactly once", async () => {
    await runChainWatcherPass(watcher());
    const id = await intent(env.aliceToken, 4200000000002n, 9n * USDT);
    const before = await balances(env.db, env.aliceId);
    const snap = await chain.snapshot();
    const { raws, hash } = await recharge(ALICE, 4200000000002n, 9n * USDT);
    await runChainWatcherPass(watcher());
    await chain.revert(snap);
    await chain.mine(4);
    // The pass that reverses the credit also finds the cursor's block replaced, and reads again from earlier.
    expect(await runChainWatcherPass(watcher())).toMatchObject({ rewound: true, reconciled: { reversed: 1 } });
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt);

    // The very same signed transactions come back, in later blocks.
    for (const raw of raws) await chain.sendRaw(raw);
    const again = await runChainWatcherPass(watcher());
    expect(again.outcomes.recredited).toBe(1);
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 9n * USDT);
    for (let i = 0; i < 2; i++) {
      const later = await runChainWatcherPass(watcher({ confirmations: 1 }));
      expect(later.outcomes.recredited + later.outcomes.matched + later.outcomes.unmatched_intent).toBe(0);
    }
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 9n * USDT);
    const records = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("tx_hash", "=", hash)
      .orderBy("id")
      .execute();
    expect(records.map((r) => [Number(r.id) === id, r.status])).toEqual([
      [true, "reversed"],
      [false, "success"],
    ]);
    await expectLedgerMatchesBalances(env.db);
  });

  it("a recharge mined again in another block before the check keeps its one credit: only its block moves", async () => {
    await runChainWatcherPass(watcher());
    await intent(env.aliceToken, 4200000000003n, 4n * USDT);
    const before = await balances(env.db, env.aliceId);
    const snap = await chain.snapshot();
    const { raws, hash } = await recharge(ALICE, 4200000000003n, 4n * USDT);
    await runChainWatcherPass(watcher());
    const first = await env.db.kysely
      .selectFrom("chain_events")
      .selectAll()
      .where("tx_hash", "=", hash)
      .executeTakeFirstOrThrow();
    await chain.revert(snap);
    await chain.mine(1);
    for (const raw of raws) await chain.sendRaw(raw);
    const pass = await runChainWatcherPass(watcher());
    expect(pass.reconciled).toMatchObject({ reversed: 0, moved: 1 });
    const moved = await env.db.kysely
      .selectFrom("chain_events")
      .selectAll()
      .where("tx_hash", "=", hash)
      .executeTakeFirstOrThrow();
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(moved.block_hash).toBe(receipt.blockHash);
    expect(moved.block_hash).not.toBe(first.block_hash);
    expect(moved.status).toBe("canonical");
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 4n * USDT);
    await expectLedgerMatchesBalances(env.db);
  });

  it("a new recharge in the new branch, at a height the cursor had passed, is still credited (the cursor rewinds)", async () => {
    await runChainWatcherPass(watcher());
    const before = await balances(env.db, env.aliceId);
    const snap = await chain.snapshot();
    await recharge(ALICE, 4200000000004n, 6n * USDT);
    await runChainWatcherPass(watcher());
    await chain.revert(snap);
    // Another payment lands at the same heights as the orphaned one.
    await recharge(ALICE, 4200000000005n, 2n * USDT);
    const pass = await runChainWatcherPass(watcher());
    expect(pass).toMatchObject({ rewound: true, reconciled: { reversed: 1 }, outcomes: { unmatched_intent: 1 } });
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 2n * USDT);
    await expectLedgerMatchesBalances(env.db);
  });

  it("confirmations 3: shows x of 3, credits nothing before 3, and never credits a payment orphaned before that", async () => {
    await env.close();
    Object.assign(env, await assetsTestEnv({ CHAIN_CONFIRMATIONS: "3" }));
    lease = await heldLease(env.db, "chain-watcher");
    const at3 = () => watcher({ confirmations: 3 });
    await chain.mine(2); // earlier tests' last payments become 3 deep and are credited first
    await runChainWatcherPass(at3());
    const id = await intent(env.aliceToken, 4200000000006n, 8n * USDT);
    const before = await balances(env.db, env.aliceId);
    const snap = await chain.snapshot();
    const { hash } = await recharge(ALICE, 4200000000006n, 8n * USDT);
    expect(await runChainWatcherPass(at3())).toMatchObject({ confirming: 1, outcomes: { matched: 0 } });
    expect(await recordView(env.aliceToken, id)).toMatchObject({
      status: "Pending",
      txHash: hash,
      confirmations: { count: 1, required: 3 },
    });
    await chain.mine(1);
    await runChainWatcherPass(at3());
    expect(await recordView(env.aliceToken, id)).toMatchObject({ status: "Pending", confirmations: { count: 2, required: 3 } });
    expect(await balances(env.db, env.aliceId)).toEqual(before);

    // Orphaned at 2 of 3: the record goes back to waiting, and nothing is ever credited.
    await chain.revert(snap);
    await chain.mine(6);
    for (let i = 0; i < 2; i++) await runChainWatcherPass(at3());
    expect(await recordView(env.aliceToken, id)).toMatchObject({ status: "Pending", txHash: null, confirmations: null });
    expect(await balances(env.db, env.aliceId)).toEqual(before);
    expect(await env.db.kysely.selectFrom("chain_events").select("tx_hash").where("tx_hash", "=", hash).execute()).toEqual([]);

    // Paid for real this time: credited once it is 3 blocks deep …
    const snap2 = await chain.snapshot();
    await recharge(ALICE, 4200000000006n, 8n * USDT);
    await runChainWatcherPass(at3());
    await chain.mine(1);
    await runChainWatcherPass(at3());
    expect(await recordView(env.aliceToken, id)).toMatchObject({ status: "Pending", confirmations: { count: 2, required: 3 } });
    await chain.mine(1);
    expect((await runChainWatcherPass(at3())).outcomes.matched).toBe(1);
    expect(await recordView(env.aliceToken, id)).toMatchObject({ status: "Success", confirmations: null });
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 8n * USDT);
    // … and reversed when a deeper reorganisation orphans it later.
    await chain.revert(snap2);
    await chain.mine(8);
    expect((await runChainWatcherPass(at3())).reconciled).toMatchObject({ reversed: 1 });
    expect((await recordView(env.aliceToken, id)).status).toBe("Reversed");
    expect(await balances(env.db, env.aliceId)).toEqual(before);
    await expectLedgerMatchesBalances(env.db);
  });

  it("a reversal the balance no longer covers leaves a debt that blocks spending, repaid by the next recharge", async () => {
    const token = await login(env.app, NEWCOMER);
    const id = await userId(env.db, NEWCOMER.address);
    await env.db.kysely
      .updateTable("users")
      .set({ fund_password_hash: await hashFundPassword(FUND_PASSWORD) })
      .where("id", "=", id)
      .execute();
    await runChainWatcherPass(watcher());
    expect(await balances(env.db, id)).toEqual({ cny: 0n, usdt: 0n, wusdt: 0n });
    const product = await env.db.kysely
      .selectFrom("products")
      .select("id")
      .where("price_usdt", "=", 28n * USDT)
      .executeTakeFirstOrThrow();

    const snap = await chain.snapshot();
    await recharge(NEWCOMER, 4200000000007n, 30n * USDT);
    await runChainWatcherPass(watcher());
    expect((await balances(env.db, id)).usdt).toBe(30n * USDT);
    const order = (await post(env.app, "/home/order", token, { productId: Number(product.id), payType: 2 })).json();
    expect(order.code, order.msg).toBe(0);

    await chain.revert(snap);
    await chain.mine(3);
    await runChainWatcherPass(watcher());
    expect(await balances(env.db, id)).toEqual({ cny: 0n, usdt: 0n, wusdt: 0n });
    expect(await debtOf(env.db, id)).toBe(28n * USDT);
    for (const [url, body] of [
      ["/home/order", { productId: Number(product.id), payType: 2 }],
      ["/asset/transfer", { amount: "1", password: FUND_PASSWORD }],
      ["/asset/withdraw", { type: 2, address: `0x${"56".repeat(20)}`, amount: "10000000", password: FUND_PASSWORD }],
    ] as const)
      expect((await post(env.app, url, token, body)).json(), url).toEqual(refused(409, DEBT_REFUSAL));
    expect(await env.db.kysely.selectFrom("orders").select("status").where("user_id", "=", id).execute()).toEqual([
      { status: "running" },
    ]);

    // The next recharge pays the debt first.
    await recharge(NEWCOMER, 4200000000008n, 40n * USDT);
    await runChainWatcherPass(watcher());
    expect(await debtOf(env.db, id)).toBe(0n);
    expect((await balances(env.db, id)).usdt).toBe(12n * USDT);
    expect((await post(env.app, "/asset/transfer", token, { amount: "1", password: FUND_PASSWORD })).json().key).not.toBe(
      DEBT_REFUSAL,
    );
    await expectLedgerMatchesBalances(env.db);
  });
});
