/**
 * The rehearsal's DEX (scripts/rehearsal/provider/dex.ts): PancakeSwap V2 from the committed
 * builds, driven through the Uniswap V2 interface the protocol uses. Its 0.25 % fee in the
 * router's quote and swap and in the pair's K check, pairs at the router's CREATE2 address, and
 * the cumulative prices the protocol's TWAP oracle reads.
 */
import { describe, expect, it } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { getContract, parseAbi, parseEther, type Address } from "viem";
import { deploy, mined, type WalletClient } from "../../../scripts/protocol/contracts";
import { createPair, pairAbi, routerAbi, wethAbi } from "../../../scripts/protocol/uniswap";
import { checkPancakeInitCodeHash, readDexBuild, type DexContract } from "../../../scripts/rehearsal/provider/dex";
import { ensureCompiled, hre } from "../support/fixture";

const pancakePairAbi = parseAbi([
  "function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)",
  "function sync()",
  "function price0CumulativeLast() view returns (uint256)",
  "function price1CumulativeLast() view returns (uint256)",
]);
const pancakeFactoryAbi = parseAbi(["function INIT_CODE_PAIR_HASH() view returns (bytes32)"]);
const wbnbTransferAbi = parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]);

const USDT_LIQUIDITY = parseEther("600000");
const BNB_LIQUIDITY = parseEther("1000");
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** PancakeSwap V2's getAmountOut: 0.25 % of the input stays in the pool. */
const pancakeOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint) =>
  (amountIn * 9975n * reserveOut) / (reserveIn * 10000n + amountIn * 9975n);

async function dexFixture() {
  await ensureCompiled();
  const publicClient = await hre.viem.getPublicClient();
  const [owner, trader] = (await hre.viem.getWalletClients()) as [WalletClient, WalletClient];
  const deployDex = async (name: DexContract, args: unknown[]): Promise<Address> => {
    const { abi, bytecode } = readDexBuild(name);
    const receipt = await mined(publicClient, owner.deployContract({ abi, bytecode, args }));
    return receipt.contractAddress!;
  };
  const wbnb = await deployDex("WBNB", []);
  const factory = await deployDex("PancakeFactory", [owner.account.address]);
  const router = await deployDex("PancakeRouter", [factory, wbnb]);
  const usdt = await deploy<"rehearsalUsdtAbi">(hre, "RehearsalUsdt", [owner.account.address], owner);
  await mined(publicClient, usdt.write.mint([owner.account.address, USDT_LIQUIDITY]));
  await mined(publicClient, usdt.write.approve([router, USDT_LIQUIDITY]));
  const initCodeHash = checkPancakeInitCodeHash();
  const pair = await createPair(publicClient, owner, { factory, weth: wbnb, initCodeHash }, usdt.address);
  const routerAs = (wallet: WalletClient) => getContract({ abi: routerAbi, address: router, client: { public: publicClient, wallet } });
  const deadline = 2n ** 40n;
  await mined(
    publicClient,
    routerAs(owner).write.addLiquidityETH([usdt.address, USDT_LIQUIDITY, 0n, 0n, owner.account.address, deadline], {
      value: BNB_LIQUIDITY,
    }),
  );
  const bnbIs0 = BigInt(wbnb) < BigInt(usdt.address);
  const reserves = async () => {
    const [r0, r1, timestamp] = await publicClient.readContract({ abi: pairAbi, address: pair, functionName: "getReserves" });
    return bnbIs0 ? { bnb: r0, usdt: r1, timestamp } : { bnb: r1, usdt: r0, timestamp };
  };
  return { publicClient, owner, trader, wbnb, factory, router, usdt, pair, initCodeHash, routerAs, deadline, bnbIs0, reserves };
}

describe("rehearsal DEX: PancakeSwap V2", () => {
  it("the committed builds hold together: the factory deploys the pair the router looks for", async () => {
    const d = await loadFixture(dexFixture);
    const onChain = await d.publicClient.readContract({ abi: pancakeFactoryAbi, address: d.factory, functionName: "INIT_CODE_PAIR_HASH" });
    expect(onChain).toBe(d.initCodeHash);
    // PancakeSwap's own source names this hash: the pair built here is byte for byte theirs.
    expect(d.initCodeHash).toBe("0xa5934690703a592a07e841ca29d5e5c79b5e22ed4749057bb216dc31100be1c0");
    const router = d.routerAs(d.owner);
    expect(same(await router.read.factory(), d.factory) && same(await router.read.WETH(), d.wbnb)).toBe(true);
  });

  it("quotes and swaps with the 0.25 % fee: amountIn·9975·reserveOut / (reserveIn·10000 + amountIn·9975)", async () => {
    const d = await loadFixture(dexFixture);
    const amountIn = parseEther("10");
    const before = await d.reserves();
    const expected = pancakeOut(amountIn, before.bnb, before.usdt);
    // Uniswap's 0.3 % would give less: the difference is the fee, not rounding.
    expect(expected).toBeGreaterThan((amountIn * 997n * before.usdt) / (before.bnb * 1000n + amountIn * 997n));
    const router = d.routerAs(d.trader);
    expect(await router.read.getAmountsOut([amountIn, [d.wbnb, d.usdt.address]])).toEqual([amountIn, expected]);
    await mined(
      d.publicClient,
      router.write.swapExactETHForTokens([expected, [d.wbnb, d.usdt.address], d.trader.account.address, d.deadline], { value: amountIn }),
    );
    expect(await d.usdt.read.balanceOf([d.trader.account.address])).toBe(expected);
    expect(await d.reserves()).toMatchObject({ bnb: before.bnb + amountIn, usdt: before.usdt - expected });
    // Asking the router for one wei more than the formula gives is refused before any transfer.
    await expect(
      router.write.swapExactETHForTokens([expected + 1n, [d.wbnb, d.usdt.address], d.trader.account.address, d.deadline], {
        value: amountIn,
      }),
    ).rejects.toThrow(/PancakeRouter: INSUFFICIENT_OUTPUT_AMOUNT/);
  });

  it("the pair's K check refuses one wei more than the 0.25 % fee leaves", async () => {
    const d = await loadFixture(dexFixture);
    const amountIn = parseEther("3");
    const { bnb, usdt } = await d.reserves();
    const out = pancakeOut(amountIn, bnb, usdt);
    const wbnb = (wallet: WalletClient) =>
      getContract({ abi: [...wethAbi, ...wbnbTransferAbi], address: d.wbnb, client: { public: d.publicClient, wallet } });
    await mined(d.publicClient, wbnb(d.trader).write.deposit({ value: amountIn }));
    await mined(d.publicClient, wbnb(d.trader).write.transfer([d.pair, amountIn]));
    const pair = getContract({ abi: pancakePairAbi, address: d.pair, client: { public: d.publicClient, wallet: d.trader } });
    const outs = (usdtOut: bigint): [bigint, bigint] => (d.bnbIs0 ? [0n, usdtOut] : [usdtOut, 0n]);
    const to = d.trader.account.address;
    await expect(pair.write.swap([...outs(out + 1n), to, "0x"])).rejects.toThrow(/Pancake: K/);
    await mined(d.publicClient, pair.write.swap([...outs(out), to, "0x"]));
    expect(await d.usdt.read.balanceOf([to])).toBe(out);
  });

  it("keeps the cumulative prices the TWAP oracle reads: reserves ratio × seconds, UQ112x112", async () => {
    const d = await loadFixture(dexFixture);
    const pair = getContract({ abi: pancakePairAbi, address: d.pair, client: { public: d.publicClient, wallet: d.owner } });
    const start = { p0: await pair.read.price0CumulativeLast(), p1: await pair.read.price1CumulativeLast() };
    const r = await d.reserves();
    const [r0, r1] = d.bnbIs0 ? [r.bnb, r.usdt] : [r.usdt, r.bnb];
    await hre.network.provider.send("evm_increaseTime", [600]);
    const receipt = await mined(d.publicClient, pair.write.sync());
    const block = await d.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const elapsed = block.timestamp - BigInt(r.timestamp);
    expect(elapsed).toBeGreaterThanOrEqual(600n);
    expect(await pair.read.price0CumulativeLast()).toBe(start.p0 + ((r1 << 112n) / r0) * elapsed);
    expect(await pair.read.price1CumulativeLast()).toBe(start.p1 + ((r0 << 112n) / r1) * elapsed);
  });
});
