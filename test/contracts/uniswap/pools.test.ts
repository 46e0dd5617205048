import { describe, expect, it } from "vitest";
import { getContract, parseEther, type Address } from "viem";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { DEV_PRICE_KEEPER } from "../../../domain/eth-usd-price";
import { getAmountsOut, type Hop } from "../../../domain/swap-math";
import { routeHops, swapRoute, type SwapToken } from "../../../src/features/exchange/utils/swap-route";
import { deployProtocol, UPDATER_ROLE } from "../../../scripts/protocol/deploy-protocol";
import { factoryAbi, pairAbi, routerAbi } from "../../../scripts/protocol/uniswap";
import { ensureCompiled, hre, now, testConfig, world, type World } from "../support/fixture";

const ONE = 10n ** 18n;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Reserves of the PEX-`other` pair as {pex, other}. */
async function pool(w: World, pair: Address) {
  const p = getContract({ abi: pairAbi, address: pair, client: w.publicClient });
  const [r0, r1] = await p.read.getReserves();
  return same(await p.read.token0(), w.pex.address) ? { pex: r0, other: r1 } : { pex: r1, other: r0 };
}

/** The hops of a path through PEX as the exchange page builds them. */
async function hops(w: World, path: SwapToken[]): Promise<Hop[]> {
  const hops = routeHops(path, { ETH: await pool(w, w.pexEthPair), USDB: await pool(w, w.pexUsdbPair) });
  if (!hops) throw new Error(`no pools for ${path.join("→")}`);
  return hops;
}

describe("exchange pools", () => {
  it("deploys a PEX-USDB pool at the router's address, priced like Front prices PEX, owned by treasury 2", async () => {
    const w = await world();
    const factory = getContract({ abi: factoryAbi, address: w.uniswapFactory, client: w.publicClient });
    expect(same(await factory.read.getPair([w.usdb.address, w.pex.address]), w.pexUsdbPair)).toBe(true);
    const r = await pool(w, w.pexUsdbPair);
    expect(r.pex).toBe(testConfig.usdbPoolPex);
    expect(r.other).toBe(await w.front.read.getPexUSDBNeeded([testConfig.usdbPoolPex]));
    // Mid price of the USDB pool = Front's PEX price (PEX-ETH pool × feed), to the wei per PEX.
    const price = await w.front.read.getPexUSDBPrice();
    expect((r.other * ONE) / r.pex - price).toBeLessThanOrEqual(1n);
    expect(price).toBe(3n * ONE); // 100 ETH / 100,000 PEX at $3,000
    const lp = getContract({ abi: pairAbi, address: w.pexUsdbPair, client: w.publicClient });
    expect(await lp.read.balanceOf([w.treasury2.address])).toBeGreaterThan(0n);
  });

  it("the page's quote equals the router's getAmountsOut on every path, and a two-hop swap pays it", async () => {
    const w = await world();
    const address = { ETH: w.weth, PEX: w.pex.address, USDB: w.usdb.address };
    const router = getContract({ abi: routerAbi, address: w.uniswapRouter, client: { public: w.publicClient, wallet: w.alice } });
    const pairs: [SwapToken, SwapToken][] = [
      ["ETH", "PEX"],
      ["PEX", "ETH"],
      ["PEX", "USDB"],
      ["USDB", "PEX"],
      ["USDB", "ETH"],
      ["ETH", "USDB"],
    ];
    for (const [from, to] of pairs) {
      const path = swapRoute(from, to);
      const amountIn = path[0] === "ETH" ? parseEther("0.7") : parseEther("1234.5");
      const onChain = await router.read.getAmountsOut([amountIn, path.map((s) => address[s])]);
      expect(getAmountsOut(amountIn, await hops(w, path), w.config.dexFeeBps), path.join("→")).toEqual([...onChain]);
    }

    // Alice sells 300 USDB for ETH through PEX, with the quote as amountOutMin.
    const amountIn = parseEther("300");
    await w.send(w.usdb.write.transfer([w.alice.account.address, amountIn]));
    await w.send(w.of(w.alice).usdb.write.approve([w.uniswapRouter, amountIn]));
    const quote = getAmountsOut(amountIn, await hops(w, ["USDB", "PEX", "ETH"]), w.config.dexFeeBps).at(-1)!;
    const path = [w.usdb.address, w.pex.address, w.weth];
    const deadline = (await now(w)) + 600n;
    await expect(router.write.swapExactTokensForETH([amountIn, quote + 1n, path, w.alice.account.address, deadline])).rejects.toThrow(
      /INSUFFICIENT_OUTPUT_AMOUNT/,
    );
    const before = await w.publicClient.getBalance({ address: w.alice.account.address });
    const receipt = await w.send(router.write.swapExactTokensForETH([amountIn, quote, path, w.alice.account.address, deadline]));
    const after = await w.publicClient.getBalance({ address: w.alice.account.address });
    expect(after - before + receipt.gasUsed * receipt.effectiveGasPrice).toBe(quote);
    expect(await w.usdb.read.balanceOf([w.alice.account.address])).toBe(0n);
  });

  it("lets the configured price keeper push answers to the feed it deploys", async () => {
    const keeper = DEV_PRICE_KEEPER.address;
    const withKeeper = async () => {
      await ensureCompiled();
      return deployProtocol(hre, { ...testConfig, priceUpdaters: [keeper] });
    };
    const p = await loadFixture(withKeeper);
    expect(await p.priceFeed.read.hasRole([UPDATER_ROLE, keeper])).toBe(true);
    const w = await world();
    expect(await w.priceFeed.read.hasRole([UPDATER_ROLE, keeper])).toBe(false);
  });
});
