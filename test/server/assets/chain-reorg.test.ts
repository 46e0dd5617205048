import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../../server/db/demo-accounts";
import { createChainClient, readChainContracts } from "../../../server/lib/chain";
import { runChainWatcherPass, type ChainWatcherOptions } from "../../../server/jobs/chain-watcher";
import { assetsTestEnv, type AssetsTestEnv, balances, post, SETUP_TIMEOUT_MS } from "./support";
import { gameArtifactAbi, startTestChain, usdtAbi, type TestChain } from "./hardhat";

const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let chain: TestChain;
let env: AssetsTestEnv;

beforeAll(async () => {
  chain = await startTestChain();
  await chain.write(privateKeyToAccount(DEMO_ACCOUNTS[0]!.privateKey), chain.usdt, usdtAbi(), "transfer", [
    ALICE.address,
    1_000_000_000n,
  ]);
}, 120_000);
afterAll(async () => chain?.stop());
beforeEach(async () => {
  env = await assetsTestEnv();
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

function watcher(over: Partial<ChainWatcherOptions> = {}): ChainWatcherOptions {
  return {
    db: env.db.kysely,
    client: createChainClient({ chainId: 31337, rpcUrl: chain.rpcUrl }),
    contracts: () => readChainContracts(chain.deploymentsFile, 31337),
    chainId: 31337,
    confirmations: 1,
    reorgWindow: 64,
    batchBlocks: 2000,
    intentTtlMs: 24 * 3600_000,
    log: silent,
    ...over,
  } as ChainWatcherOptions;
}

describe("attack: a recharge orphaned by a reorganisation", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("the credit of an orphaned recharge does not stay", async () => {
    await runChainWatcherPass(watcher());
    await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "4100000000001", amount: "25000000" });
    const before = await balances(env.db, env.aliceId);
    const snap = await chain.snapshot();
    await chain.write(ALICE, chain.usdt, usdtAbi(), "approve", [chain.game, 25_000_000n]);
    await chain.write(ALICE, chain.game, gameArtifactAbi(), "recharge", [chain.usdt, 4100000000001n, 25_000_000n]);
    await runChainWatcherPass(watcher());
    expect((await balances(env.db, env.aliceId)).usdt).toBe(before.usdt + 25_000_000n);
    // The recharge's blocks leave the chain; other blocks take their heights.
    await chain.revert(snap);
    await chain.mine(3);
    for (let i = 0; i < 3; i++) await runChainWatcherPass(watcher());
    console.log("usdt before", before.usdt, "after the reorganisation", (await balances(env.db, env.aliceId)).usdt);
    expect(await balances(env.db, env.aliceId)).toEqual(before);
  });
});
