import { mnemonicToAccount } from "viem/accounts";
import { TransactionNotFoundError, TransactionReceiptNotFoundError, type PublicClient } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { createChainClient, readChainContracts } from "../../../server/lib/chain";
import { runPayoutPass, type PayoutWorkerOptions } from "../../../server/jobs/payout-worker";
import { assetsTestEnv, type AssetsTestEnv, FUND_PASSWORD, post, SETUP_TIMEOUT_MS } from "./support";
import { OPERATOR, startTestChain, usdtAbi, type TestChain } from "./hardhat";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const WINDOW = 10 * 60_000;
const HOUR = 3600_000;
let recipientIndex = 30;
const newRecipient = () => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: recipientIndex++ }).address;
const SINK = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 8 }).address;

let chain: TestChain;
let env: AssetsTestEnv;
let lease: JobLease;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => chain?.stop());
beforeEach(async () => {
  env = await assetsTestEnv();
  lease = await heldLease(env.db, "payout-worker");
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

/**
 * A node stub over the real Hardhat node: answers everything as the node does (so it reports an
 * account's nonce as used once it is), except what a lagging or load-balanced node gets wrong, as
 * set at the moment: no receipts at all, and transactions by hash as the node has them ("node"),
 * none ("none"), or every one asked for ("all": another backend that still has it pooled).
 */
function stubNode(real: PublicClient) {
  const state: { receipts: boolean; transactions: "node" | "none" | "all" } = { receipts: false, transactions: "node" };
  const client = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === "getTransactionReceipt" && !state.receipts)
        return async ({ hash }: { hash: `0x${string}` }) => {
          throw new TransactionReceiptNotFoundError({ hash });
        };
      if (prop === "getTransaction" && state.transactions !== "node")
        return async ({ hash }: { hash: `0x${string}` }) => {
          if (state.transactions === "none") throw new TransactionNotFoundError({ hash });
          return { hash, blockHash: null, blockNumber: null };
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { client, state };
}

const payouts = (id: number) =>
  env.db.kysely.selectFrom("withdrawal_payouts").selectAll().where("record_id", "=", BigInt(id)).orderBy("id").execute();
const record = (id: number) =>
  env.db.kysely.selectFrom("asset_records").selectAll().where("id", "=", BigInt(id)).executeTakeFirstOrThrow();

describe("payouts on an inconsistent node", { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: number;
  let real: PublicClient;
  const worker = (client: PublicClient, over: Partial<PayoutWorkerOptions> = {}): PayoutWorkerOptions => ({
    lease,
    client,
    account: OPERATOR,
    contracts: () => readChainContracts(chain.deploymentsFile, 31337),
    chainId: 31337,
    confirmations: 1,
    log: silent,
    now: () => t,
    replacementWindowMs: WINDOW,
    ...over,
  });
  async function withdraw(to: string, amount: bigint): Promise<number> {
    const res = (
      await post(env.app, "/asset/withdraw", env.aliceToken, {
        type: 2,
        address: to,
        amount: String(amount),
        password: FUND_PASSWORD,
      })
    ).json();
    expect(res.code, res.msg).toBe(0);
    return res.data.id as number;
  }

  beforeEach(async () => {
    t = Date.now();
    real = createChainClient({ chainId: 31337, rpcUrl: chain.rpcUrl });
    await runPayoutPass(worker(real)); // the seed's own pending withdrawal
  });

  it("a mined payout whose receipt the node does not serve is never sent again, however long", async () => {
    const node = stubNode(real);
    const to = newRecipient();
    const id = await withdraw(to, 14_000_000n);
    // Sent and mined for real; the node reports its nonce used and no receipt, pass after pass.
    for (let i = 0; i < 6; i++) {
      const r = await runPayoutPass(worker(node.client));
      expect(r).toMatchObject({ dropped: 0, paid: 0 });
      t += HOUR;
    }
    expect(await chain.usdtBalance(to)).toBe(14_000_000n);
    expect((await payouts(id)).map((p) => p.status)).toEqual(["signed"]);
    expect((await record(id)).status).toBe("sending");
    // Once the node serves the receipt, the payout settles as paid.
    node.state.receipts = true;
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ paid: 1, sent: 0 });
    expect((await record(id)).status).toBe("success");
    expect(await chain.usdtBalance(to)).toBe(14_000_000n);
  });

  it("an attempt gone from the node is sent again only after the replacement window, exactly once", async () => {
    const node = stubNode(real);
    const to = newRecipient();
    const id = await withdraw(to, 17_000_000n);
    // Signed and stored, then the process dies before broadcasting; something else takes its nonce.
    await runPayoutPass(
      worker(real, {
        broadcast: async () => {
          throw new Error("simulated crash before the broadcast");
        },
      }),
    );
    const [stored] = await payouts(id);
    await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [SINK, 1n], Number(stored!.nonce));
    node.state.transactions = "none";

    // Nonce used, no receipt, transaction unknown: wait the whole window, send nothing.
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ waiting: 1, dropped: 0, sent: 0 });
    expect((await payouts(id))[0]!.gone_since).toBe(BigInt(t));
    t += WINDOW - 1;
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ waiting: 1, dropped: 0, sent: 0 });
    // The node knows the transaction again for a moment (another backend answered): the window starts over.
    node.state.transactions = "all";
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ waiting: 1, sent: 0 });
    expect((await payouts(id))[0]!.gone_since).toBeNull();
    node.state.transactions = "none";
    t += 1;
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ waiting: 1, sent: 0 });
    t += WINDOW - 1;
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ waiting: 1, sent: 0 });
    expect(await chain.usdtBalance(to)).toBe(0n);

    // Gone for the whole window: given up, and exactly one new attempt goes out.
    t += 1;
    node.state.receipts = true;
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ dropped: 1, sent: 1, paid: 1 });
    for (let i = 0; i < 3; i++) {
      t += HOUR;
      expect(await runPayoutPass(worker(node.client))).toMatchObject({ sent: 0, dropped: 0 });
    }
    expect((await payouts(id)).map((p) => p.status)).toEqual(["dropped", "mined"]);
    expect((await record(id)).status).toBe("success");
    expect(await chain.usdtBalance(to)).toBe(17_000_000n);
  });

  it("with the nonce still unused and no receipt it waits and sends the same signed bytes again, never a new transaction", async () => {
    const node = stubNode(real);
    const to = newRecipient();
    const id = await withdraw(to, 12_000_000n);
    const sent: string[] = [];
    const hold = worker(node.client, {
      broadcast: async (raw) => {
        sent.push(raw); // kept off the chain: the node never mines it
      },
    });
    await runPayoutPass(hold);
    const [stored] = await payouts(id);
    for (let i = 0; i < 5; i++) {
      t += HOUR;
      expect(await runPayoutPass(hold)).toMatchObject({ rebroadcast: 1, sent: 0, dropped: 0 });
    }
    expect(sent.length).toBeGreaterThanOrEqual(6);
    expect(new Set(sent)).toEqual(new Set([stored!.raw_tx]));
    expect((await payouts(id)).map((p) => p.status)).toEqual(["signed"]);
    expect(await chain.usdtBalance(to)).toBe(0n);

    // Once the bytes reach the chain, that one transaction is the payout.
    node.state.receipts = true;
    t += HOUR;
    expect(await runPayoutPass(worker(node.client))).toMatchObject({ rebroadcast: 1, paid: 1, sent: 0 });
    expect((await payouts(id)).map((p) => [p.status, p.tx_hash])).toEqual([["mined", stored!.tx_hash]]);
    expect(await chain.usdtBalance(to)).toBe(12_000_000n);
  });
});
