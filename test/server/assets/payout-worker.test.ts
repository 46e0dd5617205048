import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { createChainClient } from "../../../server/lib/chain";
import { runPayoutPass, type PayoutWorkerOptions } from "../../../server/jobs/payout-worker";
import {
  assetsTestEnv,
  type AssetsTestEnv,
  balances,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  post,
  SETUP_TIMEOUT_MS,
} from "./support";
import { OPERATOR, startTestChain, usdtAbi, type TestChain } from "./hardhat";
import { payoutOptions } from "./payout-options";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

// Fresh recipients per test, from Hardhat's mnemonic beyond the demo accounts.
let recipientIndex = 10;
const newRecipient = () => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: recipientIndex++ }).address;
const DRAINER = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 9 });
const SINK = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 8 }).address;

let chain: TestChain;
let env: AssetsTestEnv;

beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => chain?.stop());
let lease: JobLease;
beforeEach(async () => {
  env = await assetsTestEnv();
  lease = await heldLease(env.db, "payout-worker");
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

const worker = (over: Partial<PayoutWorkerOptions> = {}) => payoutOptions(lease, chain, over);

async function withdraw(address: string, amount: bigint) {
  const json = (
    await post(env.app, "/asset/withdraw", env.aliceToken, { type: 2, address, amount: String(amount), password: FUND_PASSWORD })
  ).json();
  expect(json.code, json.msg).toBe(0);
  return json.data.id as number;
}

const record = (id: number) =>
  env.db.kysely.selectFrom("asset_records").selectAll().where("id", "=", BigInt(id)).executeTakeFirstOrThrow();
const payouts = (id: number) =>
  env.db.kysely.selectFrom("withdrawal_payouts").selectAll().where("record_id", "=", BigInt(id)).orderBy("id").execute();
const crash = async () => {
  throw new Error("simulated crash before the broadcast");
};

// Seeds may leave withdrawals pending in a fresh database: settle them (they pay the seed's own address).
async function settleSeeded() {
  await runPayoutPass(worker());
}

describe("payout worker", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("pays a withdrawal on chain and marks it Success with the transaction hash", async () => {
    await settleSeeded();
    const to = newRecipient();
    const id = await withdraw(to, 15_000_000n);
    const result = await runPayoutPass(worker());
    expect(result).toMatchObject({ sent: 1, paid: 1, failed: 0 });
    const r = await record(id);
    expect(r.status).toBe("success");
    expect(r.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chain.usdtBalance(to)).toBe(15_000_000n);
    const receipt = await chain.client.getTransactionReceipt({ hash: r.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    const list = (await post(env.app, "/asset/records", env.aliceToken, { type: "withdraw" })).json().data.list;
    expect(list.find((x: { id: number }) => x.id === id)).toMatchObject({ status: "Success", txHash: r.tx_hash });
    // Nothing left to do: another pass sends nothing more.
    expect(await runPayoutPass(worker())).toMatchObject({ sent: 0, paid: 0 });
    expect(await chain.usdtBalance(to)).toBe(15_000_000n);
  });

  it("survives a crash after signing and before broadcasting: sends the stored transaction once", async () => {
    await settleSeeded();
    const to = newRecipient();
    const id = await withdraw(to, 11_000_000n);
    await runPayoutPass(worker({ broadcast: crash }));
    expect((await record(id)).status).toBe("sending");
    const [stored] = await payouts(id);
    expect(stored).toMatchObject({ status: "signed" });
    expect(await chain.usdtBalance(to)).toBe(0n);

    // "Restart": a new worker finds the signed attempt, sends the same bytes, and settles it.
    const result = await runPayoutPass(worker());
    expect(result).toMatchObject({ rebroadcast: 1, paid: 1, sent: 0 });
    expect(await record(id)).toMatchObject({ status: "success", tx_hash: stored!.tx_hash });
    expect(await chain.usdtBalance(to)).toBe(11_000_000n);
    await runPayoutPass(worker());
    expect(await chain.usdtBalance(to)).toBe(11_000_000n);
  });

  it("survives a crash after broadcasting and before marking: never pays twice", async () => {
    await settleSeeded();
    const to = newRecipient();
    const id = await withdraw(to, 12_000_000n);
    // The process "dies" right after the broadcast: this pass never finishes.
    const client = createChainClient({ chainId: 31337, rpcUrl: chain.rpcUrl });
    void runPayoutPass(
      worker({
        broadcast: async (raw) => {
          await client.sendRawTransaction({ serializedTransaction: raw });
          return new Promise(() => undefined);
        },
      }),
    );
    for (let i = 0; i < 100 && (await chain.usdtBalance(to)) === 0n; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await chain.usdtBalance(to)).toBe(12_000_000n);
    expect((await record(id)).status).toBe("sending");

    const result = await runPayoutPass(worker());
    expect(result).toMatchObject({ paid: 1, sent: 0 });
    expect((await record(id)).status).toBe("success");
    expect(await chain.usdtBalance(to)).toBe(12_000_000n);
  });

  it("resends when the stored attempt's nonce went to another transaction, and pays once", async () => {
    await settleSeeded();
    const to = newRecipient();
    const id = await withdraw(to, 13_000_000n);
    await runPayoutPass(worker({ broadcast: crash }));
    const [stored] = await payouts(id);
    // The operator's nonce is used by something else (say, a manual transfer) before the attempt is sent.
    await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [SINK, 1n], Number(stored!.nonce));

    // The node does not know the attempt and has no receipt: it is given up only after the replacement window.
    let t = Date.now();
    const at = (over: Partial<PayoutWorkerOptions> = {}) => worker({ now: () => t, replacementWindowMs: 60_000, ...over });
    expect(await runPayoutPass(at())).toMatchObject({ waiting: 1, dropped: 0, sent: 0 });
    t += 59_000;
    expect(await runPayoutPass(at())).toMatchObject({ waiting: 1, dropped: 0, sent: 0 });
    expect(await chain.usdtBalance(to)).toBe(0n);
    t += 1_000;
    const result = await runPayoutPass(at());
    expect(result).toMatchObject({ dropped: 1, sent: 1, paid: 1 });
    const attempts = await payouts(id);
    expect(attempts.map((p) => p.status)).toEqual(["dropped", "mined"]);
    expect(await record(id)).toMatchObject({ status: "success", tx_hash: attempts[1]!.tx_hash });
    expect(Number((await record(id)).attempts)).toBe(2);
    expect(await chain.usdtBalance(to)).toBe(13_000_000n);
  });

  it("two workers at once pay every withdrawal exactly once", async () => {
    await settleSeeded();
    const targets = [newRecipient(), newRecipient(), newRecipient()];
    const ids = [];
    for (const t of targets) ids.push(await withdraw(t, 10_000_000n));
    await Promise.all([runPayoutPass(worker()), runPayoutPass(worker())]);
    // A loser of the race for a nonce is unknown to the node: it is sent again once the replacement window has passed.
    let t = Date.now();
    for (let i = 0; i < 5; i++) {
      t += 60_000;
      await runPayoutPass(worker({ now: () => t, replacementWindowMs: 60_000 }));
    }
    for (const id of ids) expect((await record(id)).status).toBe("success");
    for (const t of targets) expect(await chain.usdtBalance(t)).toBe(10_000_000n);
  });

  it("refunds with its own ledger row and marks Failed when the payout wallet lacks USDT", async () => {
    await settleSeeded();
    const to = newRecipient();
    const before = await balances(env.db, env.aliceId);
    const id = await withdraw(to, 20_000_000n);
    const poor = privateKeyToAccount(DEMO_ACCOUNTS[3]!.privateKey); // Carol's wallet: no USDT at all
    const result = await runPayoutPass(worker({ account: poor }));
    expect(result).toMatchObject({ failed: 1, sent: 0 });
    expect(await record(id)).toMatchObject({ status: "failed", note: "The payout wallet lacks USDT: the amount was refunded" });
    expect(await balances(env.db, env.aliceId)).toEqual(before);
    const ledger = await env.db.kysely.selectFrom("ledger").selectAll().where("ref", "=", `record:${id}`).orderBy("id").execute();
    expect(ledger.map((l) => [l.kind, BigInt(l.delta)])).toEqual([
      ["withdraw", -20_000_000n],
      ["withdraw_refund", 20_000_000n],
    ]);
    expect(await chain.usdtBalance(to)).toBe(0n);
    const list = (await post(env.app, "/asset/records", env.aliceToken, { type: "withdraw" })).json().data.list;
    expect(list.find((x: { id: number }) => x.id === id)).toMatchObject({ status: "Failed" });
    await expectLedgerMatchesBalances(env.db);
  });

  it("refunds and marks Failed when the payout transaction reverts on chain", async () => {
    await settleSeeded();
    await chain.write(OPERATOR, chain.usdt, usdtAbi(), "approve", [DRAINER.address, 2n ** 255n]);
    const to = newRecipient();
    const before = await balances(env.db, env.aliceId);
    const id = await withdraw(to, 16_000_000n);
    // Sign and store the payout while the wallet can pay it …
    await runPayoutPass(worker({ broadcast: crash }));
    // … then the wallet is emptied (without using its nonce) before the stored transaction goes out.
    const operatorBalance = await chain.usdtBalance(OPERATOR.address);
    await chain.write(DRAINER, chain.usdt, usdtAbi(), "transferFrom", [OPERATOR.address, DRAINER.address, operatorBalance]);
    try {
      const result = await runPayoutPass(worker());
      expect(result).toMatchObject({ rebroadcast: 1, failed: 1, paid: 0 });
      const [attempt] = await payouts(id);
      expect(attempt!.status).toBe("reverted");
      expect((await chain.client.getTransactionReceipt({ hash: attempt!.tx_hash as `0x${string}` })).status).toBe("reverted");
      expect(await record(id)).toMatchObject({
        status: "failed",
        note: "The payout transaction reverted: the amount was refunded",
      });
      expect(await balances(env.db, env.aliceId)).toEqual(before);
      expect(await chain.usdtBalance(to)).toBe(0n);
      const kinds = (
        await env.db.kysely.selectFrom("ledger").select("kind").where("ref", "=", `record:${id}`).orderBy("id").execute()
      ).map((l) => l.kind);
      expect(kinds).toEqual(["withdraw", "withdraw_refund"]);
      await expectLedgerMatchesBalances(env.db);
    } finally {
      await chain.write(DRAINER, chain.usdt, usdtAbi(), "transfer", [OPERATOR.address, operatorBalance]);
    }
  });
});
