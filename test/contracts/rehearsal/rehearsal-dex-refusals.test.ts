/**
 * What the rehearsal's DEX refuses, each by its named error: the factory's duplicate or invalid
 * pairs, the pair's low-level calls when misused (and a call back into it from a hostile token's
 * transfer), the router's stale deadlines, bad paths, minimums and stray BNB. Also WBNB's wrap
 * and unwrap, which the router's BNB functions rest on.
 */
import { describe, expect, it } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { encodeFunctionData, getContract, parseAbi, parseEther, zeroAddress, type Address } from "viem";
import { connect, deploy } from "../../../scripts/protocol/contracts";
import { rehearsalDexPairAbi } from "../../../generated/abis";
import { hre, revertsWith } from "../support/fixture";
import { DEADLINE, dexFixture, type DexWorld } from "./dex-fixture";

const reenteringTokenAbi = parseAbi([
  "function approve(address spender, uint256 amount) returns (bool)",
  "function arm(address from, address target, bytes data)",
]);
const RECEIVER: Address = "0x00000000000000000000000000000000000b0b00";

/** A token with no pair yet. */
const lonelyToken = (d: DexWorld) => deploy<"rehearsalUsdtAbi">(hre, "RehearsalUsdt", [d.owner.account.address], d.owner);

describe("rehearsal DEX refusals", () => {
  it("the factory refuses a pair of a token with itself or with address(0), and a second pair of the same tokens", async () => {
    const d = await loadFixture(dexFixture);
    const factory = d.factory;
    await expect(factory.write.createPair([d.usdt.address, d.usdt.address])).rejects.toThrow(
      revertsWith("RehearsalDexFactoryIdenticalTokens"),
    );
    await expect(factory.write.createPair([zeroAddress, d.usdt.address])).rejects.toThrow(revertsWith("RehearsalDexFactoryZeroAddress"));
    await expect(factory.write.createPair([d.wbnb.address, d.usdt.address])).rejects.toThrow(
      revertsWith("RehearsalDexFactoryPairExists"),
    );
    expect(await factory.read.allPairsLength()).toBe(1n);
    expect(await factory.read.pairTokens()).toEqual([zeroAddress, zeroAddress]);
  });

  it("the pair refuses mints and burns that give nothing, and a first deposit no bigger than the locked minimum", async () => {
    const d = await loadFixture(dexFixture);
    const pair = d.pairAs(d.trader);
    await expect(pair.write.mint([RECEIVER])).rejects.toThrow(revertsWith("RehearsalDexPairInsufficientLiquidityMinted"));
    await expect(pair.write.burn([RECEIVER])).rejects.toThrow(revertsWith("RehearsalDexPairInsufficientLiquidityBurned"));

    const token = await lonelyToken(d);
    await d.send(d.factory.write.createPair([token.address, d.usdt.address]));
    const fresh = await d.factory.read.getPair([token.address, d.usdt.address]);
    await d.send(token.write.mint([fresh, 1000n]));
    await d.send(d.usdt.write.mint([fresh, 1000n]));
    const freshPair = getContract({ abi: rehearsalDexPairAbi, address: fresh, client: { public: d.publicClient, wallet: d.trader } });
    await expect(freshPair.write.mint([RECEIVER])).rejects.toThrow(revertsWith("RehearsalDexPairInsufficientLiquidityMinted"));
    await d.send(token.write.mint([fresh, 1n]));
    await d.send(d.usdt.write.mint([fresh, 1n]));
    await d.send(freshPair.write.mint([RECEIVER]));
    expect(await freshPair.read.balanceOf([RECEIVER])).toBe(1n);
  });

  it("the pair refuses swaps out of nothing, of a whole reserve, to its own tokens, without input, or with callback data", async () => {
    const d = await loadFixture(dexFixture);
    const pair = d.pairAs(d.trader);
    const { usdt } = await d.reserves();
    await expect(pair.write.swap([0n, 0n, RECEIVER, "0x"])).rejects.toThrow(revertsWith("RehearsalDexPairInsufficientOutputAmount"));
    await expect(pair.write.swap([...d.outs(usdt), RECEIVER, "0x"])).rejects.toThrow(revertsWith("RehearsalDexPairInsufficientLiquidity"));
    await expect(pair.write.swap([...d.outs(1n), d.usdt.address, "0x"])).rejects.toThrow(revertsWith("RehearsalDexPairInvalidTo"));
    await expect(pair.write.swap([...d.outs(1n), RECEIVER, "0x"])).rejects.toThrow(revertsWith("RehearsalDexPairInsufficientInputAmount"));
    await expect(pair.write.swap([...d.outs(1n), RECEIVER, "0x01"])).rejects.toThrow(
      revertsWith("RehearsalDexPairFlashSwapUnsupported"),
    );
  });

  it("the pair refuses reserves beyond 112 bits; skim sends the excess away and leaves the price", async () => {
    const d = await loadFixture(dexFixture);
    const before = await d.reserves();
    await d.send(d.usdt.write.mint([d.pair.address, 2n ** 112n]));
    await expect(d.pairAs(d.trader).write.sync()).rejects.toThrow(revertsWith("RehearsalDexPairOverflow"));
    await d.send(d.pairAs(d.trader).write.skim([RECEIVER]));
    expect(await d.usdt.read.balanceOf([RECEIVER])).toBe(2n ** 112n);
    expect(await d.reserves()).toEqual(before);
  });

  it("the pair's lock refuses a call back into it from a token's transfer mid-swap", async () => {
    const d = await loadFixture(dexFixture);
    const { address } = await hre.viem.deployContract("ReenteringToken", [parseEther("1000000")], { client: { wallet: d.owner } });
    const hostile = getContract({ abi: reenteringTokenAbi, address, client: { public: d.publicClient, wallet: d.owner } });
    await d.send(hostile.write.approve([d.router.address, parseEther("600000")]));
    const router = d.routerAs(d.owner);
    await d.send(
      router.write.addLiquidityETH([hostile.address, parseEther("600000"), 0n, 0n, d.owner.account.address, DEADLINE], {
        value: parseEther("1000"),
      }),
    );
    const pair = await d.factory.read.getPair([hostile.address, d.wbnb.address]);
    const swap = (value: bigint) =>
      d.routerAs(d.trader).write.swapExactETHForTokens([0n, [d.wbnb.address, hostile.address], RECEIVER, DEADLINE], { value });
    await d.send(swap(parseEther("1")));
    await d.send(hostile.write.arm([pair, pair, encodeFunctionData({ abi: rehearsalDexPairAbi, functionName: "sync" })]));
    await expect(swap(parseEther("1"))).rejects.toThrow(revertsWith("ReentrancyGuardReentrantCall"));
  });

  it("the router refuses a call after its deadline", async () => {
    const d = await loadFixture(dexFixture);
    const now = (await d.publicClient.getBlock()).timestamp;
    await expect(
      d.routerAs(d.trader).write.swapExactETHForTokens([0n, [d.wbnb.address, d.usdt.address], RECEIVER, now], { value: 1n }),
    ).rejects.toThrow(revertsWith("RehearsalDexRouterExpired"));
  });

  it("the router refuses bad paths, missing and empty pairs, and quotes of nothing", async () => {
    const d = await loadFixture(dexFixture);
    const router = d.routerAs(d.trader);
    const [usdt, wbnb] = [d.usdt.address, d.wbnb.address];
    await expect(router.read.getAmountsOut([1n, [usdt]])).rejects.toThrow(revertsWith("RehearsalDexRouterInvalidPath"));
    await expect(router.read.getAmountsOut([1n, [usdt, usdt]])).rejects.toThrow(revertsWith("RehearsalDexRouterInvalidPath"));
    await expect(d.router.read.getAmountsIn([1n, [wbnb]])).rejects.toThrow(revertsWith("RehearsalDexRouterInvalidPath"));
    await expect(router.write.swapExactETHForTokens([0n, [usdt, wbnb], RECEIVER, DEADLINE], { value: 1n })).rejects.toThrow(
      revertsWith("RehearsalDexRouterInvalidPath"),
    );
    await expect(router.write.swapExactTokensForETH([1n, 0n, [wbnb, usdt], RECEIVER, DEADLINE])).rejects.toThrow(
      revertsWith("RehearsalDexRouterInvalidPath"),
    );
    const token = await lonelyToken(d);
    await expect(router.read.getAmountsOut([1n, [usdt, token.address]])).rejects.toThrow(revertsWith("RehearsalDexRouterPairMissing"));
    await d.send(d.factory.write.createPair([usdt, token.address]));
    await expect(router.read.getAmountsOut([1n, [usdt, token.address]])).rejects.toThrow(
      revertsWith("RehearsalDexRouterInsufficientLiquidity"),
    );
    const { usdt: reserve } = await d.reserves();
    await expect(d.router.read.getAmountsIn([reserve, [wbnb, usdt]])).rejects.toThrow(revertsWith("RehearsalDexRouterInsufficientLiquidity"));
    await expect(router.read.getAmountsOut([0n, [wbnb, usdt]])).rejects.toThrow(revertsWith("RehearsalDexRouterZeroAmount"));
    await expect(d.router.read.quote([0n, 1n, 1n])).rejects.toThrow(revertsWith("RehearsalDexRouterZeroAmount"));
    expect(await d.router.read.quote([3n, 2n, 5n])).toBe(7n);
  });

  it("the router refuses liquidity below either minimum at the pool's ratio, naming the token short", async () => {
    const d = await loadFixture(dexFixture);
    const router = d.routerAs(d.lp);
    const lp = d.lp.account.address;
    const add = (usdtDesired: bigint, usdtMin: bigint, bnbMin: bigint, value: bigint) =>
      router.write.addLiquidityETH([d.usdt.address, usdtDesired, usdtMin, bnbMin, lp, DEADLINE], { value });
    // 600 USDT a BNB: 6,000 USDT takes 10 BNB, below an 11 BNB minimum.
    await expect(add(parseEther("6000"), 0n, parseEther("11"), parseEther("20"))).rejects.toThrow(
      /RehearsalDexRouterBelowMinimum\(".{42}", 10000000000000000000, 11000000000000000000\)/,
    );
    // 10 BNB takes 6,000 USDT, below a 7,000 USDT minimum.
    await expect(add(parseEther("12000"), parseEther("7000"), 0n, parseEther("10"))).rejects.toThrow(
      revertsWith("RehearsalDexRouterBelowMinimum"),
    );
    await d.send(add(parseEther("12000"), parseEther("6000"), parseEther("10"), parseEther("10")));
  });

  it("the router takes BNB only from WBNB", async () => {
    const d = await loadFixture(dexFixture);
    await expect(d.trader.sendTransaction({ to: d.router.address, value: 1n })).rejects.toThrow(
      revertsWith("RehearsalDexRouterUnexpectedEther"),
    );
  });

  it("WBNB wraps and unwraps one to one, and unwraps no more than a balance", async () => {
    const d = await loadFixture(dexFixture);
    const wbnb = connect(d.wbnb, d.trader, d.publicClient);
    const trader = d.trader.account.address;
    await d.send(d.trader.sendTransaction({ to: d.wbnb.address, value: parseEther("2") }));
    await d.send(wbnb.write.deposit({ value: parseEther("1") }));
    expect(await wbnb.read.balanceOf([trader])).toBe(parseEther("3"));
    const before = await d.publicClient.getBalance({ address: trader });
    const receipt = await d.send(wbnb.write.withdraw([parseEther("3")]));
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await d.publicClient.getBalance({ address: trader })).toBe(before + parseEther("3") - gas);
    await expect(wbnb.write.withdraw([1n])).rejects.toThrow(revertsWith("ERC20InsufficientBalance"));
    expect([await wbnb.read.name(), await wbnb.read.symbol(), await wbnb.read.decimals()]).toEqual(["Wrapped BNB", "WBNB", 18]);
  });
});
