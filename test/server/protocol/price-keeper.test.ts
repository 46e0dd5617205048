import fs from "node:fs";
import path from "node:path";
import { createWalletClient, http, keccak256, toHex, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_PRICE_KEEPER } from "../../../domain/eth-usd-price";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { loadConfig } from "../../../server/config";
import type { JobRunner } from "../../../server/jobs/lease/run-leased";
import { runPriceKeeperPass, startPriceKeeper, type PriceKeeperOptions } from "../../../server/jobs/price-keeper";
import { loadServerAccounts } from "../../../server/lib/signers/server-accounts";
import { OPERATOR, startTestChain, type TestChain } from "../assets/hardhat";

const KEEPER = privateKeyToAccount(DEV_PRICE_KEEPER.privateKey);
const STRANGER = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const UPDATER_ROLE = keccak256(toHex("UPDATER_ROLE"));
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const feedArtifact = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../artifacts/contracts/oracle/EthUsdPriceFeed.sol/EthUsdPriceFeed.json"),
    "utf8",
  ),
) as { abi: Abi; bytecode: Hex };

let chain: TestChain;
let feed: `0x${string}`;
let options: PriceKeeperOptions;

const latest = async () => {
  const [, answer, , updatedAt] = (await chain.client.readContract({
    address: feed,
    abi: feedArtifact.abi,
    functionName: "latestRoundData",
  })) as readonly [bigint, bigint, bigint, bigint, bigint];
  return { answer, updatedAt };
};
const increaseTime = async (seconds: number) => {
  await chain.client.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await chain.mine(1);
};

beforeAll(async () => {
  chain = await startTestChain();
  // The feed as the deploy makes it: the operator administers it, the keeper may push answers.
  const hash = await createWalletClient({ account: OPERATOR, chain: hardhat, transport: http(chain.rpcUrl) }).deployContract({
    abi: feedArtifact.abi,
    bytecode: feedArtifact.bytecode,
    args: [OPERATOR.address, 8, 3_000n * 10n ** 8n],
  });
  feed = (await chain.client.waitForTransactionReceipt({ hash })).contractAddress!;
  await chain.write(OPERATOR, feed, feedArtifact.abi, "grantRole", [UPDATER_ROLE, KEEPER.address]);
  options = {
    client: chain.client,
    account: KEEPER,
    feed: () => feed,
    answer: 3_000n * 10n ** 8n,
    refreshSeconds: 600,
    log: silent,
  };
}, 120_000);
afterAll(async () => chain?.stop());

describe("price keeper", () => {
  it("does nothing without a feed, and leaves a fresh answer alone", async () => {
    expect(await runPriceKeeperPass({ ...options, feed: () => null })).toEqual({ action: "idle", updatedAt: 0n });
    const before = await latest();
    expect(await runPriceKeeperPass(options)).toEqual({ action: "fresh", updatedAt: before.updatedAt });
  });

  it("pushes the configured price again once the answer is due, also after a jump of chain time", async () => {
    const before = await latest();
    await increaseTime(601);
    const pass = await runPriceKeeperPass(options);
    expect(pass.action).toBe("updated");
    expect(pass.updatedAt).toBeGreaterThanOrEqual(before.updatedAt + 601n);
    const after = await latest();
    expect(after).toEqual({ answer: 3_000n * 10n ** 8n, updatedAt: pass.updatedAt });
    const block = await chain.client.getBlock();
    expect(after.updatedAt).toBe(block.timestamp);
    // A jump far beyond a local maxPriceAge (the browser tests move 30 days) is caught the same way.
    await increaseTime(30 * 86_400);
    expect((await runPriceKeeperPass(options)).action).toBe("updated");
    expect((await latest()).updatedAt).toBeGreaterThanOrEqual(after.updatedAt + 30n * 86_400n);
    expect((await runPriceKeeperPass(options)).action).toBe("fresh");
  }, 60_000);

  it("pushes a newly configured price at once", async () => {
    const pass = await runPriceKeeperPass({ ...options, answer: 2_500n * 10n ** 8n });
    expect(pass.action).toBe("updated");
    expect((await latest()).answer).toBe(2_500n * 10n ** 8n);
  });

  it("leaves a feed it may not push to alone (a Chainlink aggregator, or ours without the role)", async () => {
    const before = await latest();
    await increaseTime(601);
    expect(await runPriceKeeperPass({ ...options, account: STRANGER })).toEqual({
      action: "not-updater",
      updatedAt: before.updatedAt,
    });
    // Not a feed at all: the role check fails, and so does the read.
    await expect(runPriceKeeperPass({ ...options, feed: () => chain.usdt })).rejects.toThrow();
    expect(await latest()).toEqual(before);
  });

  it("runs by default on the local chain only, with its own account and the configured price", async () => {
    const local = loadConfig({}, { ETH_USD_PRICE: "2999.5" });
    const accounts = await loadServerAccounts(local);
    expect(accounts.priceKeeper?.address).toBe(DEV_PRICE_KEEPER.address);
    expect(accounts.priceKeeper?.address).not.toBe(accounts.payout?.address);
    expect(local.ethUsdAnswer).toBe(299_950_000_000n);
    const log = { info: () => {}, warn: () => {}, error: () => {}, child: () => log } as never;
    const runner = {} as JobRunner; // never reached: the keeper stays off
    const elsewhere = loadConfig({}, { CHAIN_ID: "56" });
    expect(elsewhere.signers.priceKeeper).toBeNull();
    expect(startPriceKeeper(elsewhere, null, runner, log)).toBeNull();
    const off = loadConfig({}, { PRICE_KEEPER_INTERVAL_MS: "0" });
    expect(startPriceKeeper(off, (await loadServerAccounts(off)).priceKeeper, runner, log)).toBeNull();
    expect(() => loadConfig({}, { ETH_USD_PRICE: "0" })).toThrow(/ETH_USD_PRICE/);
  });
});
