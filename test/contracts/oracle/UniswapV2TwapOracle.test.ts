/**
 * Front's PEX-ETH time-weighted average (contracts/oracle/UniswapV2TwapOracle.sol): bootstrapping,
 * observations by anyone and by each use, the window arithmetic against a model of the pair's
 * cumulative price, staleness, the spot deviation bound, the owner's settings and the getters.
 */
import { describe, expect, it } from "vitest";
import { getContract, parseEther, type Address, type Hex } from "viem";
import type { Typed } from "../../../scripts/protocol/contracts";
import { BondKind } from "../../../scripts/protocol/deploy-protocol";
import { pairAbi } from "../../../scripts/protocol/uniswap";
import { eventOf, eventsOf, hre, now, revertsWith, stakeAs, world, type World } from "../support/fixture";

const Q112 = 2n ** 112n;
const ONE = 10n ** 18n;

async function reserves(w: World) {
  const pair = getContract({ abi: pairAbi, address: w.pexEthPair, client: w.publicClient });
  const [r0, r1] = await pair.read.getReserves();
  const pexIs0 = (await pair.read.token0()).toLowerCase() === w.pex.address.toLowerCase();
  return pexIs0 ? { pex: r0, weth: r1 } : { pex: r1, weth: r0 };
}

/** The pool's spot price as the pair accumulates it: ETH per PEX, UQ112x112 (FixedPoint.fraction). */
async function spotX112(w: World) {
  const r = await reserves(w);
  return (r.weth << 112n) / r.pex;
}

const toWad = (x112: bigint) => (x112 * ONE) / Q112;
const usdb = (w: World, x112: bigint) => (x112 * w.config.ethUsd * 10n ** 10n) / Q112;

/** Moves chain time by `seconds` without anyone observing the average meanwhile. */
async function jump(w: World, seconds: number | bigint) {
  await hre.network.provider.send("evm_increaseTime", [Number(seconds)]);
  await w.send(w.priceFeed.write.updateAnswer([w.config.ethUsd]));
}

/** The next transaction's block gets `timestamp`. */
const at = (timestamp: bigint) => hre.network.provider.send("evm_setNextBlockTimestamp", [Number(timestamp)]);

/** Dave, who moves the pool: PEX to sell, and the router approved. */
async function trader(w: World) {
  await w.send(w.pex.write.transfer([w.dave.account.address, parseEther("100000")]));
  await w.send(w.of(w.dave).pex.write.approve([w.uniswapRouter, parseEther("100000")]));
}

/** One swap through the PEX-ETH pool as Dave (see `trader`): sells `pex` PEX or buys with `eth` ETH. */
async function swap(w: World, { pex = 0n, eth = 0n }: { pex?: bigint; eth?: bigint }, gas?: bigint) {
  const me = w.of(w.dave);
  const deadline = 2n ** 40n;
  return pex > 0n
    ? me.router.write.swapExactTokensForETH([pex, 0n, [w.pex.address, w.weth], w.dave.account.address, deadline], { gas })
    : me.router.write.swapExactETHForTokens([0n, [w.weth, w.pex.address], w.dave.account.address, deadline], { value: eth, gas });
}

/** A second desk on the same pool, observed for the first time now. */
async function freshFront(w: World, base: Address = w.pex.address) {
  const links = {
    pex: base,
    spex: w.spex.address,
    usdb: w.usdb.address,
    router: w.uniswapRouter,
    pair: w.pexEthPair,
    treasury1: w.treasury1.address,
    treasury2: w.treasury2.address,
    win: w.win.address,
    win1: w.win1.address,
  };
  const args = [links, w.priceFeed.address, 86_400, w.config.twap, w.owner.account.address];
  return (await hre.viem.deployContract("Front", args)) as unknown as Typed<"frontAbi">;
}

describe("UniswapV2TwapOracle: bootstrapping", () => {
  it("has no average right after deployment; one window later anyone's update() makes the first", async () => {
    const w = await world();
    const front = await freshFront(w);
    const [averagePrice, averageStart, observedAt, dueAt] = await front.read.twapObservation();
    expect([averagePrice, averageStart]).toEqual([0n, 0n]);
    expect(observedAt).toBe(await now(w));
    expect(dueAt).toBe(observedAt + BigInt(w.config.twap.window));
    await expect(front.read.getPexUSDBAveragePrice()).rejects.toThrow(revertsWith("UniswapV2TwapOracleNoAverage"));
    await expect(front.read.previewBond([BondKind.Eth, ONE])).rejects.toThrow(revertsWith("UniswapV2TwapOracleNoAverage"));
    await expect(front.read.getLpBondParams([ONE])).rejects.toThrow(revertsWith("UniswapV2TwapOracleNoAverage"));
    // The spot price answers from the start.
    expect(await front.read.getPexUSDBPrice()).toBe(await w.front.read.getPexUSDBPrice());
    const stranger = getContract({ abi: front.abi, address: front.address, client: { public: w.publicClient, wallet: w.alice } });
    await expect(stranger.write.update()).rejects.toThrow(revertsWith("UniswapV2TwapOracleUpdateNotDue"));

    await at(dueAt);
    const receipt = await w.send(stranger.write.update());
    const spot = await spotX112(w);
    expect(eventOf(receipt, front, "TwapUpdated").args).toEqual({ averagePrice: toWad(spot), period: BigInt(w.config.twap.window) });
    expect(await front.read.twapObservation()).toEqual([toWad(spot), observedAt, dueAt, dueAt + BigInt(w.config.twap.window)]);
    expect(await front.read.getPexUSDBAveragePrice()).toBe(usdb(w, spot));
  });

  it("the deployment on a local chain waits one window and observes, so bonds work at once", async () => {
    const w = await world();
    const [averagePrice, averageStart, observedAt] = await w.front.read.twapObservation();
    expect(averagePrice).toBe(toWad(await spotX112(w)));
    expect(observedAt - averageStart).toBeGreaterThanOrEqual(BigInt(w.config.twap.window));
    expect(observedAt - averageStart).toBeLessThan(BigInt(w.config.twap.window) + 5n);
    await w.send(w.of(w.alice).front.write.ethBond([1n], { value: ONE }));
  });
});

describe("UniswapV2TwapOracle: observations", () => {
  it("each use records the next observation once the window has passed, and only then", async () => {
    const w = await world();
    const me = w.of(w.alice);
    const window = BigInt(w.config.twap.window);
    const [, , observedAt] = await w.front.read.twapObservation();
    // Inside the window: the stored average applies, nothing is recorded.
    let receipt = await w.send(me.front.write.ethBond([1n], { value: ONE }));
    expect(eventsOf(receipt, w.front, "TwapUpdated")).toEqual([]);
    // An ETH bond once it has passed records one…
    await at(observedAt + window);
    receipt = await w.send(me.front.write.ethBond([2n], { value: ONE }));
    expect(eventOf(receipt, w.front, "TwapUpdated").args.period).toBe(window);
    // …so does an LP bond…
    await at(observedAt + 2n * window + 5n);
    receipt = await w.send(me.front.write.lpBond([3n, 0n, observedAt + 3n * window], { value: ONE }));
    expect(eventOf(receipt, w.front, "TwapUpdated").args.period).toBe(window + 5n);
    // …and an acceleration, through SPEX.
    const id = await stakeAs(w, w.alice, parseEther("1000"));
    await w.send(w.usdb.write.transfer([w.alice.account.address, parseEther("1000")]));
    await w.send(me.usdb.write.approve([w.spex.address, parseEther("1000")]));
    await at(observedAt + 3n * window + 5n);
    receipt = await w.send(me.spex.write.accelerateProfit([id, 1n]));
    expect(eventOf(receipt, w.front, "TwapUpdated").args.period).toBe(window);
    const [, averageStart, lastObservedAt] = await w.front.read.twapObservation();
    expect([averageStart, lastObservedAt]).toEqual([observedAt + 2n * window + 5n, observedAt + 3n * window + 5n]);
  });

  it("averages the pool's price over the window exactly as the pair accumulates it, across many blocks", async () => {
    const w = await world();
    await trader(w);
    const [, , start] = await w.front.read.twapObservation();
    // The price changes at three moments; between them the pool is left alone (the last stretch,
    // up to the observation, is the pair's counterfactual: it is not touched in that block).
    let sum = 0n;
    let last = start;
    let price = await spotX112(w);
    const moves: [bigint, { pex?: bigint; eth?: bigint }][] = [
      [start + 300n, { pex: parseEther("3000") }],
      [start + 1_000n, { eth: parseEther("5") }],
      [start + 1_500n, { pex: parseEther("1000") }],
    ];
    for (const [t, move] of moves) {
      await at(t);
      await w.send(swap(w, move));
      sum += price * (t - last);
      [last, price] = [t, await spotX112(w)];
      // Blocks without a trade in between: the average does not care how many there are.
      await hre.network.provider.send("hardhat_mine", ["0x20", "0x1"]);
    }
    const end = start + 1_800n + 17n;
    sum += price * (end - last);
    await at(end);
    const receipt = await w.send(w.of(w.carol).front.write.update());
    const expected = sum / (end - start);
    expect(eventOf(receipt, w.front, "TwapUpdated").args).toEqual({ averagePrice: toWad(expected), period: end - start });
    expect((await w.front.read.twapObservation())[0]).toBe(toWad(expected));
    // Neither the first price nor the last: the spot strays from the average, within the bound.
    expect(expected).not.toBe(price);
    expect(await w.front.read.getPexUSDBAveragePrice()).toBe(usdb(w, expected));
  });

  it("a swap in the observing block does not enter the average (the pair adds prices before each block's trades)", async () => {
    const w = await world();
    await trader(w);
    const before = await spotX112(w);
    await jump(w, w.config.twap.window);
    await hre.network.provider.send("evm_setAutomine", [false]);
    const hashes: Hex[] = [];
    try {
      hashes.push(await swap(w, { pex: parseEther("1000") }, 300_000n));
      hashes.push(await w.of(w.alice).front.write.update({ gas: 200_000n }));
      await hre.network.provider.send("evm_mine", []);
    } finally {
      await hre.network.provider.send("evm_setAutomine", [true]);
    }
    const receipts = await Promise.all(hashes.map((hash) => w.publicClient.getTransactionReceipt({ hash })));
    expect(receipts.map((r) => r.status)).toEqual(["success", "success"]);
    expect(receipts[0]!.blockNumber).toBe(receipts[1]!.blockNumber);
    expect((await spotX112(w)) < before).toBe(true);
    expect(eventOf(receipts[1]!, w.front, "TwapUpdated").args.averagePrice).toBe(toWad(before));
  });

  it("keeps working across the 2**32-second wrap of the pair's timestamps (year 2106)", async () => {
    const w = await world();
    const window = BigInt(w.config.twap.window);
    const wrap = 2n ** 32n;
    await at(wrap - 100n);
    await w.send(w.front.write.update());
    const p0 = await spotX112(w);
    await at(wrap - 99n);
    await w.send(swap(w, { eth: parseEther("1") })); // the pair's own timestamp, just before the wrap
    const p1 = await spotX112(w);
    await at(wrap + window);
    await w.send(w.priceFeed.write.updateAnswer([w.config.ethUsd]));
    await at(wrap + window + 1n);
    const receipt = await w.send(w.front.write.update());
    const period = window + 101n;
    const expected = (p0 * 1n + p1 * (window + 100n)) / period;
    expect(eventOf(receipt, w.front, "TwapUpdated").args).toEqual({ averagePrice: toWad(expected), period });
    expect(await w.front.read.twapObservation()).toEqual([toWad(expected), wrap - 100n, wrap + window + 1n, wrap + 2n * window + 1n]);
    await w.send(w.of(w.alice).front.write.ethBond([1n], { value: ONE }));
  });
});

describe("UniswapV2TwapOracle: refusals", () => {
  it("refuses a stale average in views and uses; update() and one window later, uses work again", async () => {
    const w = await world();
    const id = await stakeAs(w, w.alice, parseEther("1000"));
    const me = w.of(w.alice);
    const { window, maxAge } = w.config.twap;
    // Nobody observed for longer than the staleness limit: the average a use would record
    // begins maxAge + 1 seconds ago.
    const [, , observedAt] = await w.front.read.twapObservation();
    await at(observedAt + BigInt(maxAge) + 1n);
    await hre.network.provider.send("evm_mine", []);
    const stale = revertsWith("UniswapV2TwapOracleStale");
    await expect(me.front.write.ethBond([1n], { value: ONE })).rejects.toThrow(/UniswapV2TwapOracleStale\(720\d, 7200\)/);
    await expect(w.front.read.previewBond([BondKind.Eth, ONE])).rejects.toThrow(stale);
    await expect(w.front.read.getLpBondParams([ONE])).rejects.toThrow(stale);
    await expect(w.front.read.getPexUSDBAveragePrice()).rejects.toThrow(stale);
    await expect(w.spex.read.quoteAcceleration([id, 1n])).rejects.toThrow(stale);
    await expect(me.spex.write.accelerateProfit([id, 1n])).rejects.toThrow(stale);
    await expect(me.front.write.lpBond([1n, 0n, 2n ** 40n], { value: ONE })).rejects.toThrow(stale);
    // The spot price and the dashboard answer regardless.
    expect(await w.front.read.getPexUSDBPrice()).toBe(parseEther("3"));
    await w.front.read.getDashboard();

    // Anyone observes now: that average still spans the quiet time, so uses stay refused…
    await w.send(w.of(w.bob).front.write.update());
    await expect(w.front.read.previewBond([BondKind.Eth, ONE])).rejects.toThrow(stale);
    // …until a window later, when the next observation spans one window only.
    await jump(w, window);
    const receipt = await w.send(me.front.write.ethBond([1n], { value: ONE }));
    expect(eventOf(receipt, w.front, "TwapUpdated").args.period).toBeLessThanOrEqual(BigInt(window) + 2n);
  });

  it("refuses when the spot price strays from the average beyond the bound, either way, at the bound exactly", async () => {
    const w = await world();
    await trader(w);
    const me = w.of(w.alice);
    const average = await spotX112(w);
    const deviation = revertsWith("UniswapV2TwapOracleSpotDeviation");
    // Up: buying PEX with 5 ETH moves the spot about +10.2 %.
    await w.send(swap(w, { eth: parseEther("5") }));
    const up = await spotX112(w);
    const bps = ((up - average) * 10_000n) / average; // rounded down: the deviation is a little more
    expect(bps > 1_000n && bps < 1_100n).toBe(true);
    await expect(w.front.read.previewBond([BondKind.Eth, ONE])).rejects.toThrow(
      new RegExp(`UniswapV2TwapOracleSpotDeviation\\(${toWad(up)}, ${toWad(average)}, 1000\\)`),
    );
    await expect(me.front.write.ethBond([1n], { value: ONE })).rejects.toThrow(deviation);
    // A bound just above the deviation lets a bond through; one just below does not.
    const bound = (bps: bigint) => w.front.write.setTwapTerms([BigInt(w.config.twap.window), BigInt(w.config.twap.maxAge), bps]);
    await w.send(bound(bps + 1n));
    await w.send(me.front.write.ethBond([1n], { value: ONE }));
    await w.send(bound(bps));
    await expect(w.front.read.previewBond([BondKind.Eth, ONE])).rejects.toThrow(deviation);
    // Down: selling back and more.
    await w.send(swap(w, { pex: parseEther("15000") }));
    expect(await spotX112(w)).toBeLessThan((average * 90n) / 100n);
    await expect(me.front.write.lpBond([1n, 0n, 2n ** 40n], { value: ONE })).rejects.toThrow(deviation);
  });
});

describe("UniswapV2TwapOracle: getters and settings", () => {
  it("getPexUSDBAveragePrice answers the average; getPexUSDBPrice keeps answering the spot price", async () => {
    const w = await world();
    await trader(w);
    const average = await spotX112(w);
    expect(await w.front.read.getPexUSDBAveragePrice()).toBe(usdb(w, average));
    await w.send(swap(w, { pex: parseEther("2000") }));
    const r = await reserves(w);
    const spot = (r.weth * w.config.ethUsd * 10n ** 10n) / r.pex;
    expect(await w.front.read.getPexUSDBPrice()).toBe(spot);
    expect(await w.front.read.getPexUSDBNeeded([ONE])).toBe(spot);
    expect((await w.front.read.getDashboard()).pexPrice).toBe(spot);
    expect(await w.front.read.getPexUSDBAveragePrice()).toBe(usdb(w, average));
    const [payout, bondPrice] = await w.front.read.previewBond([BondKind.Eth, ONE]);
    expect(bondPrice).toBe((usdb(w, average) * (10_000n - w.config.ethBond.rateBps)) / 10_000n);
    expect(payout).toBe((ONE * w.config.ethUsd * 10n ** 10n) / bondPrice);
    // An LP bond adds liquidity at the pool's own ratio, so it is refused 4 % from the average;
    // within 1 % it pays at the average.
    await expect(w.front.read.getLpBondParams([ONE])).rejects.toThrow(
      new RegExp(`FrontLpSpotOffAverage\\(${toWad((r.weth << 112n) / r.pex)}, ${toWad(average)}, 100\\)`),
    );
    await w.send(swap(w, { eth: (r.weth * 195n) / 10_000n }));
    const [, lpPayout] = await w.front.read.getLpBondParams([ONE]);
    expect(lpPayout).toBe((ONE * w.config.ethUsd * 10n ** 10n) / ((usdb(w, average) * 10_000n) / (10_000n + w.config.lpBond.rateBps)));
    await w.send(w.of(w.alice).front.write.updateAndGetPexUSDBAveragePrice());
  });

  it("the owner sets window, staleness limit and bound within their limits", async () => {
    const w = await world();
    const invalid = revertsWith("UniswapV2TwapOracleInvalidTerms");
    await expect(w.of(w.alice).front.write.setTwapTerms([600n, 3_600n, 500n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    for (const [window, maxAge, bps] of [
      [59n, 3_600n, 1_000n],
      [86_401n, 7n * 86_400n, 1_000n],
      [600n, 1_199n, 1_000n],
      [600n, 7n * 86_400n + 1n, 1_000n],
      [600n, 3_600n, 49n],
      [600n, 3_600n, 5_001n],
    ] as const)
      await expect(w.front.write.setTwapTerms([window, maxAge, bps])).rejects.toThrow(invalid);
    const receipt = await w.send(w.front.write.setTwapTerms([60n, 120n, 50n]));
    expect(eventOf(receipt, w.front, "TwapTermsSet").args).toEqual({ window: 60n, maxAge: 120n, maxDeviationBps: 50n });
    expect(await w.front.read.twapTerms()).toEqual([60n, 120n, 50n]);
    await w.send(w.front.write.setTwapTerms([86_400n, 7n * 86_400n, 5_000n]));
    expect(await w.front.read.twapTerms()).toEqual([86_400n, 7n * 86_400n, 5_000n]);
    // The base token must be one of the pair's.
    await expect(freshFront(w, w.usdb.address)).rejects.toThrow(invalid);
  });
});
