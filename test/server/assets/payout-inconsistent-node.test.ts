import { mnemonicToAccount } from "viem/accounts";
import { TransactionReceiptNotFoundError, type PublicClient } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HARDHAT_MNEMONIC } from "../../../server/db/demo-accounts";
import { createChainClient, readChainContracts } from "../../../server/lib/chain";
import { runPayoutPass, type PayoutWorkerOptions } from "../../../server/jobs/payout-worker";
import { assetsTestEnv, type AssetsTestEnv, FUND_PASSWORD, post, SETUP_TIMEOUT_MS } from "./support";
import { OPERATOR, startTestChain, type TestChain } from "./hardhat";

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let chain: TestChain;
let env: AssetsTestEnv;
beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);
afterAll(async () => chain?.stop());
beforeEach(async () => {
  env = await assetsTestEnv();
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

/** A node that has our transaction (mined) but answers no receipt for it. */
function noReceipts(real: PublicClient): PublicClient {
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === "getTransactionReceipt")
        return async ({ hash }: { hash: `0x${string}` }) => {
          throw new TransactionReceiptNotFoundError({ hash });
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

describe("attack: payouts on a node that reports the nonce used and no receipt", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("never pays a withdrawal twice", async () => {
    const real = createChainClient({ chainId: 31337, rpcUrl: chain.rpcUrl });
    const worker = (over: Partial<PayoutWorkerOptions> = {}): PayoutWorkerOptions => ({
      db: env.db.kysely,
      client: noReceipts(real),
      account: OPERATOR,
      contracts: () => readChainContracts(chain.deploymentsFile, 31337),
      chainId: 31337,
      confirmations: 1,
      log: silent,
      ...over,
    });
    await runPayoutPass(worker({ client: real })); // the seed's own pending withdrawal
    const to = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 30 }).address;
    const res = (
      await post(env.app, "/asset/withdraw", env.aliceToken, { type: 2, address: to, amount: "14000000", password: FUND_PASSWORD })
    ).json();
    expect(res.code).toBe(0);
    let t = Date.now();
    for (let i = 0; i < 6; i++) {
      t += 3600_000; // an hour between passes: beyond any replacement window
      await runPayoutPass(worker({ now: () => t }));
    }
    console.log("recipient received", await chain.usdtBalance(to));
    expect(await chain.usdtBalance(to)).toBe(14_000_000n);
  });
});
