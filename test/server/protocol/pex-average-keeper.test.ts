import fs from "node:fs";
import path from "node:path";
import { createWalletClient, http, parseAbi, type Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hardhat } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_PRICE_KEEPER } from "../../../domain/eth-usd-price";
import { runPexAverageKeeperPass, type PexAverageKeeperOptions } from "../../../server/jobs/pex-average-keeper";
import { OPERATOR, startTestChain, usdtAbi, type TestChain } from "../assets/hardhat";

const KEEPER = privateKeyToAccount(DEV_PRICE_KEEPER.privateKey);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const WINDOW = 60;
const factoryBuild = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../node_modules/@uniswap/v2-core/build/UniswapV2Factory.json"),
    "utf8",
  ),
) as { abi: Abi; bytecode: string };
const factoryAbi = parseAbi([
  "function createPair(address, address) returns (address)",
  "function getPair(address, address) view returns (address)",
]);
const pairAbi = parseAbi(["function mint(address) returns (uint256)"]);

let chain: TestChain;
let oracle: `0x${string}`;
let oracleAbi: Abi;
let options: PexAverageKeeperOptions;

const observation = async () =>
  (await chain.client.readContract({ address: oracle, abi: oracleAbi, functionName: "twapObservation" })) as readonly [
    bigint,
    bigint,
    bigint,
    bigint,
  ];
const increaseTime = async (seconds: number) => {
  await chain.client.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await chain.mine(1);
};

beforeAll(async () => {
  chain = await startTestChain();
  // A Uniswap V2 pool of USDT and a second test token, with liquidity, and an average on it.
  const other = await chain.deploy("contracts/tokens/TestUSDT.sol/TestUSDT.json", [10n ** 15n, 6]);
  const wallet = createWalletClient({ account: OPERATOR, chain: hardhat, transport: http(chain.rpcUrl) });
  const hash = await wallet.deployContract({
    abi: factoryBuild.abi,
    bytecode: `0x${factoryBuild.bytecode.replace(/^0x/, "")}` as Hex,
    args: [OPERATOR.address],
  });
  const factory = (await chain.client.waitForTransactionReceipt({ hash })).contractAddress!;
  await chain.write(OPERATOR, factory, factoryAbi, "createPair", [chain.usdt, other.address]);
  const pair = (await chain.client.readContract({
    address: factory,
    abi: factoryAbi,
    functionName: "getPair",
    args: [chain.usdt, other.address],
  })) as `0x${string}`;
  await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [pair, 1_000_000_000n]);
  await chain.write(OPERATOR, other.address, other.abi, "transfer", [pair, 3_000_000_000n]);
  await chain.write(OPERATOR, pair, pairAbi, "mint", [OPERATOR.address]);
  const harness = await chain.deploy("contracts/test/TwapOracleHarness.sol/TwapOracleHarness.json", [
    pair,
    chain.usdt,
    { window: WINDOW, maxAge: 10 * WINDOW, maxDeviationBps: 1_000 },
  ]);
  [oracle, oracleAbi] = [harness.address, harness.abi];
  // The keeper's account pays for `update()`: the local chain funds it like every Hardhat account.
  options = { client: chain.client, account: KEEPER, oracle: () => oracle, log: silent };
}, 120_000);
afterAll(async () => chain?.stop());

describe("PEX average keeper", () => {
  it("does nothing without an oracle, and leaves an observation younger than the window alone", async () => {
    expect(await runPexAverageKeeperPass({ ...options, oracle: () => null })).toEqual({ action: "idle", observedAt: 0n });
    const [, , observedAt] = await observation();
    expect(await runPexAverageKeeperPass(options)).toEqual({ action: "fresh", observedAt });
  });

  it("observes once the window has passed, making the first average, and again after a jump of chain time", async () => {
    const [, , first] = await observation();
    await increaseTime(WINDOW);
    const pass = await runPexAverageKeeperPass(options);
    expect(pass.action).toBe("observed");
    const [averagePrice, averageStart, observedAt] = await observation();
    expect(averageStart).toBe(first);
    expect(observedAt).toBe(pass.observedAt);
    expect(averagePrice).toBe(3n * 10n ** 18n); // 3,000 of the other token per 1,000 USDT units
    expect((await runPexAverageKeeperPass(options)).action).toBe("fresh");
    // The browser tests jump days: the next pass observes at once (that average is stale, and
    // the one a window later is fresh: the keeper's next observation or a use's).
    await increaseTime(30 * 86_400);
    expect((await runPexAverageKeeperPass(options)).action).toBe("observed");
    await increaseTime(WINDOW);
    expect((await runPexAverageKeeperPass(options)).action).toBe("observed");
    const [, start, end] = await observation();
    expect(end - start).toBeLessThan(BigInt(WINDOW) + 5n);
    await chain.client.readContract({ address: oracle, abi: oracleAbi, functionName: "average" });
  }, 60_000);

  it("fails the pass when the address is no oracle", async () => {
    await expect(runPexAverageKeeperPass({ ...options, oracle: () => chain.usdt })).rejects.toThrow();
  });
});
