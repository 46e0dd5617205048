import { describe, expect, it } from "vitest";
import { encodeAbiParameters, getContract, keccak256, pad, parseEther, toHex, zeroAddress, type Address } from "viem";
import { setStorageAt } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import type { Typed } from "../../../scripts/protocol/contracts";
import { BondKind, MINTER_ROLE } from "../../../scripts/protocol/deploy-protocol";
import { factoryAbi, pairAbi } from "../../../scripts/protocol/uniswap";
import { advance, eventOf, hre, now, revertsWith, world, type World } from "../support/fixture";

const ONE = 10n ** 18n;
const mulDiv = (a: bigint, b: bigint, c: bigint) => (a * b) / c;

async function reserves(w: World) {
  const pair = getContract({ abi: pairAbi, address: w.pexEthPair, client: w.publicClient });
  const [r0, r1] = await pair.read.getReserves();
  const pexIs0 = (await pair.read.token0()).toLowerCase() === w.pex.address.toLowerCase();
  return pexIs0 ? { pex: r0, weth: r1 } : { pex: r1, weth: r0 };
}

async function expectedPrice(w: World) {
  const r = await reserves(w);
  return mulDiv(r.weth, w.config.ethUsd * 10n ** 10n, r.pex);
}

/** Dave, who moves the PEX-ETH pool: PEX to sell and the router approved. */
async function mover(w: World) {
  await w.send(w.pex.write.transfer([w.dave.account.address, parseEther("200000")]));
  const me = w.of(w.dave);
  await w.send(me.pex.write.approve([w.uniswapRouter, 2n ** 255n]));
  return me;
}

/** Dave sells `pex` PEX into the PEX-ETH pool; returns the ETH received. */
async function sellPex(w: World, pex: bigint): Promise<bigint> {
  const me = w.of(w.dave);
  const path = [w.pex.address, w.weth];
  const [, eth] = await me.router.read.getAmountsOut([pex, path]);
  await w.send(me.router.write.swapExactTokensForETH([pex, 0n, path, w.dave.account.address, (await now(w)) + 600n]));
  return eth!;
}

/** Dave buys PEX with `eth` ETH; returns the PEX received. */
async function buyPex(w: World, eth: bigint): Promise<bigint> {
  const me = w.of(w.dave);
  const path = [w.weth, w.pex.address];
  const [, pex] = await me.router.read.getAmountsOut([eth, path]);
  await w.send(me.router.write.swapExactETHForTokens([0n, path, w.dave.account.address, (await now(w)) + 600n], { value: eth }));
  return pex!;
}

/** How far the pool's spot price (ETH per PEX) is from the average, in basis points (signed). */
async function spotOffAverageBps(w: World): Promise<bigint> {
  const r = await reserves(w);
  const [average] = await w.front.read.twapObservation();
  return (mulDiv(r.weth, ONE, r.pex) * 10_000n) / average - 10_000n;
}

/** A second desk wired like the first except for `overrides`. */
async function deployFront(w: World, overrides: Partial<Record<"pex" | "pair" | "treasury1", Address>>) {
  const links = {
    pex: w.pex.address,
    spex: w.spex.address,
    usdb: w.usdb.address,
    router: w.uniswapRouter,
    pair: w.pexEthPair,
    treasury1: w.treasury1.address,
    treasury2: w.treasury2.address,
    win: w.win.address,
    win1: w.win1.address,
    ...overrides,
  };
  return (await hre.viem.deployContract("Front", [links, w.priceFeed.address, 86_400, w.config.twap, w.owner.account.address])) as unknown as Typed<"frontAbi">;
}

describe("Front: prices and the app's views", () => {
  it("reads ETH from the feed and PEX from the pool", async () => {
    const w = await world();
    const ethPrice = w.config.ethUsd * 10n ** 10n;
    expect(await w.front.read.getEthPrice()).toBe(ethPrice);
    expect(await w.front.read.getEthUSDBNeeded([parseEther("2")])).toBe(2n * ethPrice);
    const pexPrice = await expectedPrice(w);
    expect(pexPrice).toBe(parseEther("3"));
    expect(await w.front.read.getPexUSDBPrice()).toBe(pexPrice);
    expect(await w.front.read.getPexUSDBNeeded([parseEther("10")])).toBe(mulDiv(parseEther("10"), pexPrice, ONE));
    expect(await w.front.read.getEthBalance([w.alice.account.address])).toBe(await w.publicClient.getBalance({ address: w.alice.account.address }));
    expect(await w.front.read.getLpRewardRate()).toBe(w.config.lpBond.rateBps);
  });

  it("values both treasuries; risk-free value excludes PEX", async () => {
    const w = await world();
    const ethPrice = w.config.ethUsd * 10n ** 10n;
    const r = await reserves(w);
    const pair = getContract({ abi: pairAbi, address: w.pexEthPair, client: w.publicClient });
    const lp = await pair.read.balanceOf([w.treasury2.address]);
    const lpSupply = await pair.read.totalSupply();
    const lpEthSide = mulDiv(mulDiv(lp, r.weth, lpSupply), ethPrice, ONE);
    expect(await w.front.read.getTreasury1Value()).toBe(w.config.treasuryUsdb);
    expect(await w.front.read.getTreasury2Value()).toBe(2n * lpEthSide);
    expect(await w.front.read.getFreeRisk()).toBe(w.config.treasuryUsdb + lpEthSide);
    const supply = await w.pex.read.totalSupply();
    expect(await w.front.read.getBackingPerPex()).toBe(mulDiv(w.config.treasuryUsdb + lpEthSide, ONE, supply));
    expect(await w.front.read.getMarketCap()).toBe(mulDiv(supply, await expectedPrice(w), ONE));
    const [liquidity, shareBps, value] = await w.front.read.getProtocolOwnedLiquidity();
    expect(liquidity).toBe(lp);
    expect(shareBps).toBe((lp * 10_000n) / lpSupply);
    expect(value).toBe(mulDiv(2n * r.weth * lp, ethPrice, lpSupply * ONE));
  });

  it("returns the whole dashboard in one call, consistent with the single getters", async () => {
    const w = await world();
    const d = await w.front.read.getDashboard();
    expect(d.pexPrice).toBe(await w.front.read.getPexUSDBPrice());
    expect(d.marketCap).toBe(await w.front.read.getMarketCap());
    expect(d.backingPerPex).toBe(await w.front.read.getBackingPerPex());
    expect(d.treasury1Value).toBe(await w.front.read.getTreasury1Value());
    expect(d.treasury2Value).toBe(await w.front.read.getTreasury2Value());
    expect(d.riskFreeValue).toBe(await w.front.read.getFreeRisk());
    expect(d.totalDepositedPex).toBe(await w.front.read.getTotalDepositedPex());
    expect(d.pexTotalSupply).toBe(await w.pex.read.totalSupply());
    expect([d.winPrice, d.winVault, d.win1Price, d.win1Vault]).toEqual([ONE, 0n, ONE, 0n]);
    expect(d.nextRebase).toBe(await w.spex.read.getNextRebase());
    expect(d.rewardRate).toBe(await w.spex.read.rewardRate());
    expect(d.ethPrice).toBe(await w.front.read.getEthPrice());
    expect([d.polLiquidity, d.polShareBps, d.polValue]).toEqual(await w.front.read.getProtocolOwnedLiquidity());
    expect(d.polShareBps).toBe(9_999n); // the first liquidity is treasury 2's, bar the 1,000 wei Uniswap locks
    const links = await w.front.read.links();
    expect(links.pair).toEqual(w.pexEthPair);
  });

  it("refuses a stale or a non-positive ETH price", async () => {
    const w = await world();
    await hre.network.provider.send("evm_increaseTime", [86_401]);
    await hre.network.provider.send("evm_mine", []);
    await expect(w.front.read.getEthPrice()).rejects.toThrow(revertsWith("FrontStalePrice"));
    await expect(w.front.read.getDashboard()).rejects.toThrow(revertsWith("FrontStalePrice"));

    await w.send(w.priceFeed.write.updateAnswer([w.config.ethUsd]));
    // Round 2 of the feed: slot keccak256(roundId . 3) holds (updatedAt << 192) | answer.
    const slot = keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [2n, 3n]));
    const stored = BigInt(await w.publicClient.getStorageAt({ address: w.priceFeed.address, slot }) ?? "0x0");
    expect(stored & ((1n << 192n) - 1n)).toBe(w.config.ethUsd);
    await setStorageAt(w.priceFeed.address, slot, pad(toHex((stored >> 192n) << 192n)));
    await expect(w.front.read.getEthPrice()).rejects.toThrow(revertsWith("FrontInvalidPrice"));
  });

  it("refuses prices without liquidity", async () => {
    const w = await world();
    const factory = getContract({ abi: factoryAbi, address: w.uniswapFactory, client: { public: w.publicClient, wallet: w.owner } });
    await w.send(factory.write.createPair([w.usdb.address, w.weth]));
    const empty = await factory.read.getPair([w.usdb.address, w.weth]);
    const front = await deployFront(w, { pex: w.usdb.address, pair: empty });
    await expect(front.read.getPexUSDBPrice()).rejects.toThrow(revertsWith("FrontNoLiquidity"));
  });
});

describe("Front: ETH bonds", () => {
  it("sell PEX at the discount, send the ETH to treasury 1 and emit Bonded with the reference", async () => {
    const w = await world();
    const eth = parseEther("1");
    const ethPrice = w.config.ethUsd * 10n ** 10n;
    // Priced from the PEX-ETH average (the pool has not moved: the spot price, to rounding).
    const average = await w.front.read.getPexUSDBAveragePrice();
    expect((await expectedPrice(w)) - average).toBeLessThan(10n);
    const bondPrice = (average * (10_000n - w.config.ethBond.rateBps)) / 10_000n;
    const payout = mulDiv(eth, ethPrice, bondPrice);
    expect(await w.front.read.previewBond([BondKind.Eth, eth])).toEqual([payout, bondPrice]);

    const receipt = await w.send(w.of(w.alice).front.write.ethBond([777n], { value: eth }));
    expect(eventOf(receipt, w.front, "Bonded").args).toEqual({
      user: w.alice.account.address,
      id: 1n,
      random: 777n,
      kind: BondKind.Eth,
      ethAmount: eth,
      payout,
      bondPrice,
    });
    expect(eventOf(receipt, w.treasury1, "EthReceived").args.amount).toBe(eth);
    expect(await w.publicClient.getBalance({ address: w.treasury1.address })).toBe(eth);
    expect(await w.pex.read.balanceOf([w.front.address])).toBe(payout);
    const [, , capacity] = await w.front.read.bondTerms([BondKind.Eth]);
    expect(capacity).toBe(w.config.ethBond.capacity - payout);
    const bond = await w.front.read.getBond([1n]);
    expect(bond).toMatchObject({ id: 1n, kind: BondKind.Eth, payout, redeemed: 0n, vesting: w.config.ethBond.vesting });
    expect(await w.front.read.bondIdsOf([w.alice.account.address])).toEqual([1n]);
    expect(await w.front.read.bondCount()).toBe(1n);
  });

  it("respect capacity, slippage, deadline and a non-zero value", async () => {
    const w = await world();
    const me = w.of(w.alice).front;
    await expect(me.write.ethBond([1n], { value: 0n })).rejects.toThrow(revertsWith("FrontZeroAmount"));
    const t = await now(w);
    await expect(me.write.ethBondWithMin([1n, 0n, t - 1n], { value: 1n })).rejects.toThrow(revertsWith("FrontDeadlinePassed"));
    const [payout] = await w.front.read.previewBond([BondKind.Eth, parseEther("1")]);
    await expect(me.write.ethBondWithMin([1n, payout + parseEther("1"), t + 600n], { value: parseEther("1") })).rejects.toThrow(revertsWith("FrontSlippage"));
    await w.send(me.write.ethBondWithMin([1n, payout - parseEther("1"), t + 600n], { value: parseEther("1") }));
    await w.send(w.front.write.setBondTerms([BondKind.Eth, 500n, 86_400n, parseEther("10")]));
    await expect(me.write.ethBond([1n], { value: parseEther("1") })).rejects.toThrow(revertsWith("FrontCapacityExceeded"));
  });

  it("never sell below the minimum bond price", async () => {
    const w = await world();
    await w.send(w.front.write.setMinBondPrice([parseEther("6")]));
    const [payout, price] = await w.front.read.previewBond([BondKind.Eth, parseEther("1")]);
    expect(price).toBe(parseEther("6"));
    expect(payout).toBe(parseEther("500"));
  });

  it("fail if treasury 1 refuses ETH", async () => {
    const w = await world();
    const front = await deployFront(w, { treasury1: w.usdb.address });
    await advance(w, w.config.twap.window); // the new desk's first average
    await w.send(w.pex.write.grantRole([MINTER_ROLE, front.address]));
    await w.send(front.write.setBondTerms([BondKind.Eth, 500n, 86_400n, parseEther("100000")]));
    await expect(front.write.ethBond([1n], { value: parseEther("1") })).rejects.toThrow(revertsWith("FrontEthTransferFailed"));
  });
});

describe("Front: LP bonds", () => {
  it("add the ETH and paired PEX to the pool for treasury 2 and pay PEX worth the ETH plus the reward rate", async () => {
    const w = await world();
    const eth = parseEther("2");
    const before = await reserves(w);
    const priceBefore = await expectedPrice(w);
    const [pair, payout, pexPaired] = await w.front.read.getLpBondParams([eth]);
    expect(pair).toEqual(w.pexEthPair);
    expect(pexPaired).toBe((eth * before.pex) / before.weth);
    const bondPrice = ((await w.front.read.getPexUSDBAveragePrice()) * 10_000n) / (10_000n + w.config.lpBond.rateBps);
    expect(payout).toBe(mulDiv(eth, w.config.ethUsd * 10n ** 10n, bondPrice));

    const lpToken = getContract({ abi: pairAbi, address: w.pexEthPair, client: w.publicClient });
    const lpBefore = await lpToken.read.balanceOf([w.treasury2.address]);
    const deadline = (await now(w)) + 600n;
    const receipt = await w.send(w.of(w.alice).front.write.lpBond([555n, payout, deadline], { value: eth }));
    expect(eventOf(receipt, w.front, "Bonded").args).toMatchObject({ random: 555n, kind: BondKind.Lp, ethAmount: eth, payout });
    const added = eventOf(receipt, w.front, "LiquidityAdded").args;
    expect(added.pexAmount).toBe(pexPaired);
    expect(await lpToken.read.balanceOf([w.treasury2.address])).toBe(lpBefore + added.liquidity);
    const after = await reserves(w);
    expect(after.weth).toBe(before.weth + added.ethAmount);
    expect(after.pex).toBe(before.pex + pexPaired);
    // The pool's price does not move (to rounding): both sides grew in proportion.
    const priceAfter = await expectedPrice(w);
    expect(priceAfter - priceBefore < 10n ** 6n && priceBefore - priceAfter < 10n ** 6n).toBe(true);
    expect(await w.pex.read.balanceOf([w.front.address])).toBe(payout);
  });

  it("respect slippage, deadline, a non-zero value and capacity", async () => {
    const w = await world();
    const me = w.of(w.alice).front;
    const t = await now(w);
    await expect(me.write.lpBond([1n, 0n, t - 1n], { value: 1n })).rejects.toThrow(revertsWith("FrontDeadlinePassed"));
    await expect(me.write.lpBond([1n, 0n, t + 600n], { value: 0n })).rejects.toThrow(revertsWith("FrontZeroAmount"));
    const [, payout] = await w.front.read.getLpBondParams([parseEther("1")]);
    await expect(me.write.lpBond([1n, payout + 1n, t + 600n], { value: parseEther("1") })).rejects.toThrow(revertsWith("FrontSlippage"));
    await w.send(w.front.write.setBondTerms([BondKind.Lp, 1_000n, 86_400n, 1n]));
    await expect(me.write.lpBond([1n, 0n, t + 600n], { value: parseEther("1") })).rejects.toThrow(revertsWith("FrontCapacityExceeded"));
  });

  it("refuse a bond after a spot move inside the old 10 % band but more than 1 % from the average (the bonder's round trip only costs)", async () => {
    const w = await world();
    const me = await mover(w);
    const bondEth = parseEther("50");
    // Dave sells 2,000 PEX into the 100,000 PEX / 100 ETH pool: PEX's spot price falls about
    // 4 %, inside the average's 10 % bound. Bonding LP now would pair the ETH with 4 % more PEX
    // than the average's ratio, and buying the PEX back from the deeper pool would pay Dave
    // (on the old code the bond went through and Dave ended 13 PEX up on the round trip).
    const eth = await sellPex(w, parseEther("2000"));
    const off = await spotOffAverageBps(w);
    expect(off < -100n && off > -1_000n).toBe(true);
    const deadline = (await now(w)) + 600n;
    await expect(me.front.write.lpBond([1n, 0n, deadline], { value: bondEth })).rejects.toThrow(revertsWith("FrontLpSpotOffAverage"));
    await expect(w.front.read.getLpBondParams([bondEth])).rejects.toThrow(revertsWith("FrontLpSpotOffAverage"));
    await expect(w.front.read.previewBond([BondKind.Lp, bondEth])).rejects.toThrow(revertsWith("FrontLpSpotOffAverage"));
    // An ETH bond adds no liquidity and is priced from the average: the old bound applies.
    await w.send(me.front.write.ethBond([2n], { value: parseEther("1") }));
    const rebought = await buyPex(w, eth);
    expect(rebought).toBeLessThan(parseEther("2000"));
    expect(await w.front.read.bondCount()).toBe(1n);

    // The other way: Dave buys PEX with 3 ETH, its spot price rises about 6 %.
    const bought = await buyPex(w, parseEther("3"));
    const up = await spotOffAverageBps(w);
    expect(up > 100n && up < 1_000n).toBe(true);
    await expect(me.front.write.lpBond([3n, 0n, deadline], { value: bondEth })).rejects.toThrow(revertsWith("FrontLpSpotOffAverage"));
    await sellPex(w, bought);
    expect(await w.front.read.bondCount()).toBe(1n);
  });

  it("pair within 1 % of the average either way, inside the router's minimums taken from it", async () => {
    const w = await world();
    const me = await mover(w);
    const lpToken = getContract({ abi: pairAbi, address: w.pexEthPair, client: w.publicClient });
    const [average] = await w.front.read.twapObservation(); // ETH per PEX, 18 decimals
    const bondEth = parseEther("20");
    const pexAtAverage = mulDiv(bondEth, ONE, average); // to rounding
    const bond = async (random: bigint) => {
      const [, payout, pexPaired] = await w.front.read.getLpBondParams([bondEth]);
      const [supply, lp, t1] = [await w.pex.read.totalSupply(), await lpToken.read.balanceOf([w.treasury2.address]), await w.publicClient.getBalance({ address: w.treasury1.address })];
      const receipt = await w.send(me.front.write.lpBond([random, payout, (await now(w)) + 600n], { value: bondEth }));
      const added = eventOf(receipt, w.front, "LiquidityAdded").args;
      expect(added.pexAmount).toBe(pexPaired);
      // The router's minimums: PEX at least the average's share / 1.01, ETH at least 99 %.
      expect(added.pexAmount * 10_100n).toBeGreaterThanOrEqual((pexAtAverage - 1n) * 10_000n);
      expect(added.pexAmount).toBeLessThanOrEqual(pexAtAverage + 1n);
      expect(added.ethAmount * 10_000n).toBeGreaterThanOrEqual(bondEth * 9_900n);
      expect(await lpToken.read.balanceOf([w.treasury2.address])).toBe(lp + added.liquidity);
      // Unpaired PEX is burned, unpaired ETH goes to treasury 1.
      expect(await w.pex.read.totalSupply()).toBe(supply + payout + added.pexAmount);
      expect(await w.publicClient.getBalance({ address: w.treasury1.address })).toBe(t1 + bondEth - added.ethAmount);
      return added;
    };

    // PEX's spot price about 0.9 % below the average: all the PEX the average's ratio asks, and
    // the ETH the pool's ratio takes for it (less than paid; the rest to treasury 1).
    const eth = await sellPex(w, parseEther("450"));
    const down = await spotOffAverageBps(w);
    expect(down < -50n && down >= -100n).toBe(true);
    const belowAverage = await bond(1n);
    expect(belowAverage.ethAmount).toBeLessThan(bondEth);
    expect(belowAverage.pexAmount * 10_000n).toBeGreaterThan((pexAtAverage - 1n) * 9_999n);
    await buyPex(w, eth);

    // About 0.9 % above: all the ETH, with the PEX the pool's ratio asks (less than the average's
    // share; the rest is burned).
    await buyPex(w, parseEther("0.55"));
    const up = await spotOffAverageBps(w);
    expect(up > 50n && up <= 100n).toBe(true);
    const r = await reserves(w);
    const aboveAverage = await bond(2n);
    expect(aboveAverage.ethAmount).toBe(bondEth);
    expect(aboveAverage.pexAmount).toBe((bondEth * r.pex) / r.weth);
    expect(aboveAverage.pexAmount).toBeLessThan(pexAtAverage);
    // The desk keeps exactly the two payouts.
    const payouts = (await w.front.read.getBond([1n])).payout + (await w.front.read.getBond([2n])).payout;
    expect(await w.pex.read.balanceOf([w.front.address])).toBe(payouts);
  });

  it("the router itself refuses a pool moved beyond 1 % with the minimums the desk passes", async () => {
    const w = await world();
    const me = await mover(w);
    const [average] = await w.front.read.twapObservation();
    const eth = parseEther("20");
    // What `_addLiquidity` passes: the PEX worth `eth` at the average, at least that / 1.01, and
    // at least 99 % of the ETH.
    const pexAtAverage = mulDiv(eth, ONE, average);
    const add = async () =>
      me.router.write.addLiquidityETH(
        [w.pex.address, pexAtAverage, (pexAtAverage * 10_000n) / 10_100n, (eth * 9_900n) / 10_000n, w.dave.account.address, (await now(w)) + 600n],
        { value: eth },
      );
    const sold = await sellPex(w, parseEther("2000")); // spot about 4 % below the average
    await expect(add()).rejects.toThrow(/INSUFFICIENT_B_AMOUNT/); // it would take too little ETH
    await buyPex(w, sold);
    await buyPex(w, parseEther("3")); // about 6 % above
    await expect(add()).rejects.toThrow(/INSUFFICIENT_A_AMOUNT/); // it would take too little PEX
  });

  it("the desk accepts ETH only from the router", async () => {
    const w = await world();
    await expect(w.alice.sendTransaction({ to: w.front.address, value: 1n })).rejects.toThrow(revertsWith("FrontUnexpectedEth"));
  });
});

describe("Front: vesting and redemption", () => {
  it("vests linearly; redeemBond pays what vested, redeemBonds several at once", async () => {
    const w = await world();
    const me = w.of(w.alice).front;
    await w.send(me.write.ethBond([1n], { value: parseEther("1") }));
    await w.send(me.write.ethBond([2n], { value: parseEther("1") }));
    const bond = await w.front.read.getBond([1n]);
    await advance(w, Number(bond.vesting / 2n));
    const half = await w.front.read.getBond([1n]);
    expect(half.vested).toBe((bond.payout * ((await now(w)) - bond.start)) / bond.vesting);
    const receipt = await w.send(me.write.redeemBond([1n]));
    const redeemed = eventOf(receipt, w.front, "BondRedeemed").args.amount;
    expect(redeemed).toBeGreaterThan(bond.payout / 2n - bond.payout / 100n);
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(redeemed);

    await advance(w, Number(bond.vesting));
    await w.send(me.write.redeemBonds([[1n, 2n]]));
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(bond.payout + (await w.front.read.getBond([2n])).payout);
    await expect(me.write.redeemBond([1n])).rejects.toThrow(revertsWith("FrontNothingToRedeem"));
    const bonds = await w.front.read.getBonds([w.alice.account.address]);
    expect(bonds.map((b) => b.redeemable)).toEqual([0n, 0n]);
  });

  it("only the owner redeems, and only existing bonds", async () => {
    const w = await world();
    await w.send(w.of(w.alice).front.write.ethBond([1n], { value: parseEther("1") }));
    await expect(w.of(w.bob).front.write.redeemBond([1n])).rejects.toThrow(revertsWith("FrontNotBondOwner"));
    await expect(w.front.write.redeemBond([9n])).rejects.toThrow(revertsWith("FrontUnknownBond"));
    await expect(w.front.read.getBond([9n])).rejects.toThrow(revertsWith("FrontUnknownBond"));
  });
});

describe("Front: owner settings", () => {
  it("are guarded, validated and announced", async () => {
    const w = await world();
    const stranger = w.of(w.alice).front;
    await expect(stranger.write.setBondTerms([BondKind.Eth, 1n, 3600n, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(stranger.write.setMinBondPrice([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(stranger.write.setPriceFeed([w.priceFeed.address, 1])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(w.front.write.setBondTerms([BondKind.Eth, 5_001n, 3600n, 1n])).rejects.toThrow(revertsWith("FrontInvalidTerms"));
    await expect(w.front.write.setBondTerms([BondKind.Lp, 100n, 60n, 1n])).rejects.toThrow(revertsWith("FrontInvalidTerms"));
    await expect(w.front.write.setPriceFeed([zeroAddress, 1])).rejects.toThrow(revertsWith("FrontInvalidTerms"));
    const terms = eventOf(await w.send(w.front.write.setBondTerms([BondKind.Lp, 2_000n, 7_200n, 5n])), w.front, "TermsSet").args;
    expect(terms).toEqual({ kind: BondKind.Lp, rateBps: 2_000n, vesting: 7_200n, capacity: 5n });
    expect(eventOf(await w.send(w.front.write.setMinBondPrice([7n])), w.front, "MinBondPriceSet").args.price).toBe(7n);
    expect(eventOf(await w.send(w.front.write.setPriceFeed([w.priceFeed.address, 60])), w.front, "PriceFeedSet").args.maxAge).toBe(60n);
    expect(await w.front.read.priceTerms()).toEqual([7n, w.priceFeed.address, 60n]);
  });
});
