/**
 * The rehearsal's DEX (contracts/rehearsal/dex/), driven through the Uniswap V2 interface the
 * protocol uses: pairs where the factory's init-code hash says, the 0.25 % fee in the router's
 * quotes and swaps and in the pair's invariant check, the cumulative prices the protocol's TWAP
 * oracle reads, and liquidity in and out.
 */
import { describe, expect, it } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { encodePacked, getCreate2Address, keccak256, parseEther, type Address } from "viem";
import { connect, deploy } from "../../../scripts/protocol/contracts";
import { builtPairInitCodeHash } from "../../../scripts/rehearsal/provider/dex";
import { hre, revertsWith } from "../support/fixture";
import { BNB_LIQUIDITY, DEADLINE, dexFixture, LOCKED_LP_HOLDER, pancakeOut, USDT_LIQUIDITY, type DexWorld } from "./dex-fixture";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const RECEIVER: Address = "0x00000000000000000000000000000000000b0b00";

function sqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) [x, y] = [y, (y + n / y) / 2n];
  return x;
}

/** A second token with its own WBNB pool (600 of it per BNB), added through the router, which creates the pair. */
async function otherPool(d: DexWorld) {
  const other = await deploy<"rehearsalUsdtAbi">(hre, "RehearsalUsdt", [d.owner.account.address], d.owner);
  await d.send(other.write.mint([d.owner.account.address, USDT_LIQUIDITY]));
  await d.send(other.write.approve([d.router.address, USDT_LIQUIDITY]));
  await d.send(
    d.routerAs(d.owner).write.addLiquidityETH([other.address, USDT_LIQUIDITY, 0n, 0n, d.owner.account.address, DEADLINE], {
      value: BNB_LIQUIDITY,
    }),
  );
  return other;
}

describe("rehearsal DEX", () => {
  it("the factory's INIT_CODE_PAIR_HASH is keccak256 of the pair's creation code; the router finds pairs by it", async () => {
    const d = await loadFixture(dexFixture);
    expect(d.initCodeHash).toBe(builtPairInitCodeHash());
    expect(await d.router.read.pairInitCodeHash()).toBe(d.initCodeHash);
    const router = d.routerAs(d.owner);
    expect(same(await router.read.factory(), d.factory.address) && same(await router.read.WETH(), d.wbnb.address)).toBe(true);
    expect(await d.factory.read.getPair([d.usdt.address, d.wbnb.address])).toBe(d.pair.address);
    expect(await d.factory.read.getPair([d.wbnb.address, d.usdt.address])).toBe(d.pair.address);
    expect([await d.factory.read.allPairsLength(), await d.factory.read.allPairs([0n])]).toEqual([1n, d.pair.address]);
    const [token0, token1] = d.bnbIs0 ? [d.wbnb.address, d.usdt.address] : [d.usdt.address, d.wbnb.address];
    expect([await d.pair.read.token0(), await d.pair.read.token1(), await d.pair.read.factory()]).toEqual([
      token0,
      token1,
      d.factory.address,
    ]);

    // A pair the router creates itself sits at the CREATE2 address the hash gives, and it trades there.
    const other = await otherPool(d);
    const [o0, o1] = BigInt(other.address) < BigInt(d.wbnb.address) ? [other.address, d.wbnb.address] : [d.wbnb.address, other.address];
    const expected = getCreate2Address({
      from: d.factory.address,
      salt: keccak256(encodePacked(["address", "address"], [o0, o1])),
      bytecodeHash: d.initCodeHash,
    });
    expect(await d.factory.read.getPair([other.address, d.wbnb.address])).toBe(expected);
    expect(await d.factory.read.allPairsLength()).toBe(2n);
    const amounts = await router.read.getAmountsOut([parseEther("1"), [d.wbnb.address, other.address]]);
    expect(amounts[1]).toBe(pancakeOut(parseEther("1"), BNB_LIQUIDITY, USDT_LIQUIDITY));
  });

  it("quotes and swaps with the 0.25 % fee: amountIn·9975·reserveOut / (reserveIn·10000 + amountIn·9975)", async () => {
    const d = await loadFixture(dexFixture);
    const amountIn = parseEther("10");
    const before = await d.reserves();
    const expected = pancakeOut(amountIn, before.bnb, before.usdt);
    // Uniswap's 0.3 % would give less: the difference is the fee, not rounding.
    expect(expected).toBeGreaterThan((amountIn * 997n * before.usdt) / (before.bnb * 1000n + amountIn * 997n));
    const router = d.routerAs(d.trader);
    const path = [d.wbnb.address, d.usdt.address];
    expect(await router.read.getAmountsOut([amountIn, path])).toEqual([amountIn, expected]);
    expect(await d.router.read.getAmountOut([amountIn, before.bnb, before.usdt])).toBe(expected);
    // Asking the router for one wei more than the formula gives is refused before any transfer.
    await expect(
      router.write.swapExactETHForTokens([expected + 1n, path, RECEIVER, DEADLINE], { value: amountIn }),
    ).rejects.toThrow(revertsWith("RehearsalDexRouterInsufficientOutputAmount"));
    await d.send(router.write.swapExactETHForTokens([expected, path, RECEIVER, DEADLINE], { value: amountIn }));
    expect(await d.usdt.read.balanceOf([RECEIVER])).toBe(expected);
    expect(await d.reserves()).toMatchObject({ bnb: before.bnb + amountIn, usdt: before.usdt - expected });
  });

  it("swaps tokens for BNB and along two hops, each hop at the 0.25 % fee; getAmountsIn is the inverse", async () => {
    const d = await loadFixture(dexFixture);
    const router = d.routerAs(d.trader);
    const usdtIn = parseEther("6000");
    const before = await d.reserves();
    const bnbOut = pancakeOut(usdtIn, before.usdt, before.bnb);
    await d.send(router.write.swapExactTokensForETH([usdtIn, bnbOut, [d.usdt.address, d.wbnb.address], RECEIVER, DEADLINE]));
    expect(await d.publicClient.getBalance({ address: RECEIVER })).toBe(bnbOut);
    expect(await d.wbnb.read.balanceOf([d.router.address])).toBe(0n);

    const other = await otherPool(d);
    const path = [d.usdt.address, d.wbnb.address, other.address];
    const mid = await d.reserves();
    const hop1 = pancakeOut(usdtIn, mid.usdt, mid.bnb);
    const hop2 = pancakeOut(hop1, BNB_LIQUIDITY, USDT_LIQUIDITY);
    expect(await router.read.getAmountsOut([usdtIn, path])).toEqual([usdtIn, hop1, hop2]);
    // The least input for hop2 out is at most usdtIn, and gives at least hop2 out.
    const needed = await d.router.read.getAmountsIn([hop2, path]);
    expect(needed[2]).toBe(hop2);
    expect(needed[0]).toBeLessThanOrEqual(usdtIn);
    expect((await router.read.getAmountsOut([needed[0]!, path]))[2]).toBeGreaterThanOrEqual(hop2);
    await d.send(router.write.swapExactTokensForTokens([usdtIn, hop2, path, RECEIVER, DEADLINE]));
    expect(await other.read.balanceOf([RECEIVER])).toBe(hop2);
  });

  it("the pair's invariant check refuses one wei more than the 0.25 % fee leaves", async () => {
    const d = await loadFixture(dexFixture);
    const amountIn = parseEther("3");
    const { bnb, usdt } = await d.reserves();
    const out = pancakeOut(amountIn, bnb, usdt);
    const wbnb = connect(d.wbnb, d.trader, d.publicClient);
    await d.send(wbnb.write.deposit({ value: amountIn }));
    await d.send(wbnb.write.transfer([d.pair.address, amountIn]));
    const pair = d.pairAs(d.trader);
    await expect(pair.write.swap([...d.outs(out + 1n), RECEIVER, "0x"])).rejects.toThrow(revertsWith("RehearsalDexPairInvariant"));
    await d.send(pair.write.swap([...d.outs(out), RECEIVER, "0x"]));
    expect(await d.usdt.read.balanceOf([RECEIVER])).toBe(out);
  });

  it("keeps the cumulative prices the TWAP oracle reads: reserves ratio × seconds, UQ112x112", async () => {
    const d = await loadFixture(dexFixture);
    const start = { p0: await d.pair.read.price0CumulativeLast(), p1: await d.pair.read.price1CumulativeLast() };
    const r = await d.reserves();
    const [r0, r1] = d.bnbIs0 ? [r.bnb, r.usdt] : [r.usdt, r.bnb];
    await hre.network.provider.send("evm_increaseTime", [600]);
    const receipt = await d.send(d.pair.write.sync());
    const block = await d.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    const elapsed = block.timestamp - BigInt(r.timestamp);
    expect(elapsed).toBeGreaterThanOrEqual(600n);
    expect(await d.pair.read.price0CumulativeLast()).toBe(start.p0 + ((r1 << 112n) / r0) * elapsed);
    expect(await d.pair.read.price1CumulativeLast()).toBe(start.p1 + ((r0 << 112n) / r1) * elapsed);
    // The reserves are dated by that block, modulo 2**32.
    const [, , at] = await d.pair.read.getReserves();
    expect(BigInt(at)).toBe(block.timestamp % 2n ** 32n);
  });

  it("locks MINIMUM_LIQUIDITY on the first deposit; a later deposit comes back out whole, less rounding", async () => {
    const d = await loadFixture(dexFixture);
    const root = sqrt(USDT_LIQUIDITY * BNB_LIQUIDITY);
    expect(d.firstLiquidity).toBe(root - 1000n);
    expect(await d.pair.read.balanceOf([d.owner.account.address])).toBe(root - 1000n);
    expect([await d.pair.read.balanceOf([LOCKED_LP_HOLDER]), await d.pair.read.totalSupply()]).toEqual([1000n, root]);

    // 6,000 USDT with 20 BNB: the pool's ratio (600 USDT a BNB) takes 10 BNB and sends 10 back.
    const lp = d.lp.account.address;
    const usdtIn = parseEther("6000");
    const router = d.routerAs(d.lp);
    const bnbBefore = await d.publicClient.getBalance({ address: lp });
    const { result } = await router.simulate.addLiquidityETH([d.usdt.address, usdtIn, usdtIn, 0n, lp, DEADLINE], {
      value: parseEther("20"),
      account: d.lp.account.address,
    });
    const receipt = await d.send(
      router.write.addLiquidityETH([d.usdt.address, usdtIn, usdtIn, 0n, lp, DEADLINE], { value: parseEther("20") }),
    );
    const [amountToken, amountETH, liquidity] = result;
    expect([amountToken, amountETH]).toEqual([usdtIn, parseEther("10")]);
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await d.publicClient.getBalance({ address: lp })).toBe(bnbBefore - amountETH - gas);
    const shares = [(usdtIn * root) / USDT_LIQUIDITY, (amountETH * root) / BNB_LIQUIDITY] as const;
    expect(liquidity).toBe(shares[0] < shares[1] ? shares[0] : shares[1]);

    const usdtBefore = await d.usdt.read.balanceOf([lp]);
    const pair = d.pairAs(d.lp);
    const supply = await pair.read.totalSupply();
    const { usdt: poolUsdt, bnb: poolBnb } = await d.reserves();
    await d.send(pair.write.transfer([d.pair.address, liquidity]));
    await d.send(pair.write.burn([lp]));
    const usdtBack = (await d.usdt.read.balanceOf([lp])) - usdtBefore;
    const bnbBack = await d.wbnb.read.balanceOf([lp]);
    expect([usdtBack, bnbBack]).toEqual([(liquidity * poolUsdt) / supply, (liquidity * poolBnb) / supply]);
    // Never more than went in; short by less than one LP base unit's worth (the mint rounds down).
    expect(usdtBack <= usdtIn && bnbBack <= amountETH).toBe(true);
    expect(usdtIn - usdtBack).toBeLessThanOrEqual(poolUsdt / supply + 1n);
    expect(amountETH - bnbBack).toBeLessThanOrEqual(poolBnb / supply + 1n);
    expect(await d.reserves()).toMatchObject({ usdt: poolUsdt - usdtBack, bnb: poolBnb - bnbBack });
    expect(await pair.read.balanceOf([lp])).toBe(0n);
  });
});
