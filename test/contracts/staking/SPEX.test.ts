import { describe, expect, it } from "vitest";
import { maxUint96, parseEther, zeroAddress } from "viem";
import type { Typed } from "../../../scripts/protocol/contracts";
import { advance, advanceTo, eventOf, eventsOf, hre, now, revertsWith, stakeAs, world, type World } from "../support/fixture";

const RATE = 3_000n;
const DENOMINATOR = 1_000_000n;

/** Moves past the next rebase time and triggers it. */
async function rebaseOnce(w: World) {
  await advanceTo(w, await w.spex.read.getNextRebase());
  return w.send(w.spex.write.rebase());
}

/** Moves past the warmup of positions opened now, with a rebase on the way. */
async function mature(w: World) {
  await advance(w, w.config.warmup);
  if ((await w.spex.read.getNextRebase()) <= (await now(w))) await w.send(w.spex.write.rebase());
}

describe("SPEX: staking", () => {
  it("stake opens a position, mints sPEX, pulls PEX and emits Staked with the caller's reference", async () => {
    const w = await world();
    const amount = parseEther("1000");
    await w.send(w.pex.write.transfer([w.alice.account.address, amount]));
    const me = w.of(w.alice);
    await w.send(me.pex.write.approve([w.spex.address, amount]));
    const receipt = await w.send(me.spex.write.stake([amount, 1234567890123n]));

    const staked = eventOf(receipt, w.spex, "Staked");
    expect(staked.args).toEqual({ user: w.alice.account.address, id: 1n, random: 1234567890123n, amount });
    expect(eventOf(receipt, w.spex, "Transfer").args).toEqual({ from: zeroAddress, to: w.alice.account.address, value: amount });
    expect(await w.spex.read.balanceOf([w.alice.account.address])).toBe(amount);
    expect(await w.spex.read.totalSupply()).toBe(amount);
    expect(await w.spex.read.totalStakedPrincipal()).toBe(amount);
    expect(await w.pex.read.balanceOf([w.spex.address])).toBe(amount);
    expect(await w.spex.read.stakeIdsOf([w.alice.account.address])).toEqual([1n]);

    const info = await w.spex.read.getStake([1n]);
    expect(info.owner).toEqual(w.alice.account.address);
    expect(info.principal).toBe(amount);
    expect(info.balance).toBe(amount);
    expect(info.claimable).toBe(0n);
    expect(info.nextRebaseReward).toBe((amount * RATE) / DENOMINATOR);
    expect(info.stakeTime).toBe(await now(w));
    expect(info.warmupEnds).toBe(info.stakeTime + BigInt(w.config.warmup));
    expect(info.closed).toBe(false);
  });

  it("lists an account's positions newest first", async () => {
    const w = await world();
    await stakeAs(w, w.alice, parseEther("1"));
    await stakeAs(w, w.bob, parseEther("2"));
    await stakeAs(w, w.alice, parseEther("3"));
    expect(await w.spex.read.stakeIdsOf([w.alice.account.address])).toEqual([3n, 1n]);
    const stakes = await w.spex.read.getStakes([w.alice.account.address]);
    expect(stakes.map((s) => s.principal)).toEqual([parseEther("3"), parseEther("1")]);
    expect(await w.spex.read.stakeCount()).toBe(3n);
    expect(await w.spex.read.stakeIdsOf([w.carol.account.address])).toEqual([]);
  });

  it("rejects a zero stake, an oversized one and one without allowance", async () => {
    const w = await world();
    await expect(w.spex.write.stake([0n, 1n])).rejects.toThrow(revertsWith("SPexZeroAmount"));
    await expect(w.spex.write.stake([maxUint96 + 1n, 1n])).rejects.toThrow(revertsWith("SPexAmountTooLarge"));
    await expect(w.spex.write.stake([1n, 1n])).rejects.toThrow(revertsWith("ERC20InsufficientAllowance"));
  });

  it("sPEX cannot be transferred", async () => {
    const w = await world();
    await stakeAs(w, w.alice, parseEther("10"));
    const me = w.of(w.alice);
    await expect(me.spex.write.transfer([w.bob.account.address, 1n])).rejects.toThrow(revertsWith("SPexTransferDisabled"));
    await w.send(me.spex.write.approve([w.bob.account.address, 1n]));
    await expect(w.of(w.bob).spex.write.transferFrom([w.alice.account.address, w.bob.account.address, 1n])).rejects.toThrow(
      revertsWith("SPexTransferDisabled"),
    );
    expect(await w.spex.read.initialSupply()).toBe(0n);
  });
});

describe("SPEX: rebase", () => {
  it("is refused before it is due, then anyone may trigger it: PEX minted at the rate, balances grow", async () => {
    const w = await world();
    const amount = parseEther("1000");
    await stakeAs(w, w.alice, amount);
    const next = await w.spex.read.getNextRebase();
    await expect(w.spex.write.rebase()).rejects.toThrow(revertsWith("SPexRebaseNotDue"));

    await advanceTo(w, next);
    const receipt = await w.send(w.of(w.carol).spex.write.rebase());
    const profit = (amount * RATE) / DENOMINATOR;
    const rebased = eventOf(receipt, w.spex, "Rebased");
    expect(rebased.args.epoch).toBe(1n);
    expect(rebased.args.profit).toBe(profit);
    expect(await w.pex.read.balanceOf([w.spex.address])).toBe(amount + profit);
    const balance = await w.spex.read.balanceOf([w.alice.account.address]);
    expect(balance).toBeLessThanOrEqual(amount + profit);
    // gons / gonsPerFragment is exact to about 1e-18 of the balance (the divisor is rounded up).
    expect(amount + profit - balance).toBeLessThan(amount / 10n ** 15n);
    expect(await w.spex.read.getNextRebase()).toBe(next + BigInt(w.config.epochLength));
    const [number, end, length, rate] = await w.spex.read.epoch();
    expect([number, end, length, rate]).toEqual([1n, next + BigInt(w.config.epochLength), BigInt(w.config.epochLength), RATE]);
  });

  it("catches up missed epochs, compounding", async () => {
    const w = await world();
    const amount = parseEther("1000");
    await stakeAs(w, w.alice, amount);
    await advanceTo(w, (await w.spex.read.getNextRebase()) + 2n * BigInt(w.config.epochLength));
    const receipt = await w.send(w.spex.write.rebase());
    let expected = amount;
    for (let i = 0; i < 3; i++) expected += (expected * RATE) / DENOMINATOR;
    expect(eventOf(receipt, w.spex, "Rebased").args).toMatchObject({ epoch: 3n, profit: expected - amount });
  });

  it("with nothing staked moves the epoch on without minting", async () => {
    const w = await world();
    const supply = await w.pex.read.totalSupply();
    const receipt = await rebaseOnce(w);
    expect(eventOf(receipt, w.spex, "Rebased").args.profit).toBe(0n);
    expect(await w.pex.read.totalSupply()).toBe(supply);
  });

  it("is triggered by a stake once due", async () => {
    const w = await world();
    await stakeAs(w, w.alice, parseEther("100"));
    await advanceTo(w, await w.spex.read.getNextRebase());
    await w.send(w.pex.write.approve([w.spex.address, parseEther("1")]));
    const receipt = await w.send(w.spex.write.stake([parseEther("1"), 9n]));
    expect(eventsOf(receipt, w.spex, "Rebased")).toHaveLength(1);
  });
});

describe("SPEX: profit", () => {
  it("reports claimable, total and claimed profit, and claimProfit pays it with the caller's reference", async () => {
    const w = await world();
    const amount = parseEther("1000");
    const id = await stakeAs(w, w.alice, amount);
    await mature(w);
    const profit = await w.spex.read.calculationProfit([id]);
    expect(profit).toBeGreaterThan(0n);
    expect(await w.spex.read.getProfitById([id])).toBe(profit);
    expect(await w.spex.read.getClaimProfitById([id])).toBe(0n);

    const before = await w.pex.read.balanceOf([w.alice.account.address]);
    const receipt = await w.send(w.of(w.alice).spex.write.claimProfit([id, 42n]));
    expect(eventOf(receipt, w.spex, "ProfitClaimed").args).toEqual({ user: w.alice.account.address, id, random: 42n, amount: profit });
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(before + profit);
    expect(await w.spex.read.calculationProfit([id])).toBe(0n);
    expect(await w.spex.read.getClaimProfitById([id])).toBe(profit);
    expect(await w.spex.read.getProfitById([id])).toBe(profit);
    expect((await w.spex.read.getStake([id])).balance).toBe(amount);
    await expect(w.of(w.alice).spex.write.claimProfit([id, 43n])).rejects.toThrow(revertsWith("SPexNothingToClaim"));
  });

  it("claimProfit waits for the warmup and only the owner may claim", async () => {
    const w = await world();
    await rebaseOnce(w); // the next epoch ends 8 h after this one, the warmup too
    const id = await stakeAs(w, w.alice, parseEther("100"));
    await expect(w.of(w.alice).spex.write.claimProfit([id, 1n])).rejects.toThrow(revertsWith("SPexInWarmup"));
    await expect(w.of(w.bob).spex.write.claimProfit([id, 1n])).rejects.toThrow(revertsWith("SPexNotOwner"));
    await expect(w.spex.write.claimProfit([99n, 1n])).rejects.toThrow(revertsWith("SPexUnknownStake"));
    await expect(w.spex.read.calculationProfit([99n])).rejects.toThrow(revertsWith("SPexUnknownStake"));
  });

  it("accelerateProfit adds compounded days of reward for a USDB fee paid to treasury 1", async () => {
    const w = await world();
    const amount = parseEther("1000");
    const id = await stakeAs(w, w.alice, amount);
    const [reward, fee] = await w.spex.read.quoteAcceleration([id, 2n]);
    let compounded = amount;
    for (let i = 0; i < 6; i++) compounded += (compounded * RATE) / DENOMINATOR;
    expect(reward).toBe(compounded - amount);
    const price = await w.front.read.getPexUSDBAveragePrice();
    expect(fee).toBe((reward * price * 8_000n) / (10n ** 18n * 10_000n));

    await w.send(w.usdb.write.transfer([w.alice.account.address, fee]));
    const me = w.of(w.alice);
    await w.send(me.usdb.write.approve([w.spex.address, fee]));
    const treasuryBefore = await w.usdb.read.balanceOf([w.treasury1.address]);
    const receipt = await w.send(me.spex.write.accelerateProfit([id, 2n]));
    expect(eventOf(receipt, w.spex, "ProfitAccelerated").args).toEqual({ user: w.alice.account.address, id, day: 2n, reward, fee });
    expect(await w.usdb.read.balanceOf([w.treasury1.address])).toBe(treasuryBefore + fee);
    expect(await w.spex.read.calculationProfit([id])).toBe(reward);
    expect(await w.pex.read.balanceOf([w.spex.address])).toBe(amount + reward);
    expect((await w.spex.read.getStake([id])).acceleratedDays).toBe(2n);
  });

  it("accelerateProfit refuses zero days, more than the limit, and an unpaid fee", async () => {
    const w = await world();
    const id = await stakeAs(w, w.alice, parseEther("1000"));
    const me = w.of(w.alice);
    await expect(me.spex.write.accelerateProfit([id, 0n])).rejects.toThrow(revertsWith("SPexZeroDays"));
    await expect(me.spex.write.accelerateProfit([id, 31n])).rejects.toThrow(revertsWith("SPexAccelerationLimit"));
    await expect(me.spex.write.accelerateProfit([id, 1n])).rejects.toThrow(revertsWith("ERC20InsufficientAllowance"));
    const tiny = await stakeAs(w, w.bob, 1n);
    await expect(w.of(w.bob).spex.write.accelerateProfit([tiny, 1n])).rejects.toThrow(revertsWith("SPexZeroAmount"));
  });

  it("accelerateProfit needs a price source", async () => {
    const w = await world();
    const bare = (await hre.viem.deployContract("SPEX", [w.pex.address, w.usdb.address, zeroAddress, w.owner.account.address, 3600, 0n, 3000])) as unknown as Typed<"spexAbi">;
    await w.send(w.pex.write.approve([bare.address, 10n]));
    await w.send(bare.write.stake([10n, 1n]));
    await expect(bare.write.accelerateProfit([1n, 1n])).rejects.toThrow(revertsWith("SPexNoPriceSource"));
    await expect(bare.read.quoteAcceleration([1n, 1n])).rejects.toThrow(revertsWith("SPexNoPriceSource"));
  });
});

describe("SPEX: unStake", () => {
  it("pays principal plus reward after the warmup and closes the position", async () => {
    const w = await world();
    const amount = parseEther("1000");
    const id = await stakeAs(w, w.alice, amount);
    await mature(w);
    const reward = await w.spex.read.calculationProfit([id]);
    const before = await w.pex.read.balanceOf([w.alice.account.address]);
    const receipt = await w.send(w.of(w.alice).spex.write.unStake([id]));
    expect(eventOf(receipt, w.spex, "Unstaked").args).toEqual({ user: w.alice.account.address, id, principal: amount, reward, forfeited: 0n });
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(before + amount + reward);
    expect(await w.spex.read.balanceOf([w.alice.account.address])).toBe(0n);
    expect(await w.spex.read.totalStakedPrincipal()).toBe(0n);
    const info = await w.spex.read.getStake([id]);
    expect(info.closed).toBe(true);
    expect(info.claimable).toBe(0n);
    await expect(w.of(w.alice).spex.write.unStake([id])).rejects.toThrow(revertsWith("SPexStakeClosed"));
    await expect(w.of(w.alice).spex.write.claimProfit([id, 1n])).rejects.toThrow(revertsWith("SPexStakeClosed"));
    await expect(w.of(w.alice).spex.write.accelerateProfit([id, 1n])).rejects.toThrow(revertsWith("SPexStakeClosed"));
  });

  it("inside the warmup pays the principal only and burns the reward", async () => {
    const w = await world();
    const next = await w.spex.read.getNextRebase();
    await advanceTo(w, next - 60n);
    const amount = parseEther("1000");
    const id = await stakeAs(w, w.alice, amount);
    await rebaseOnce(w);
    const reward = await w.spex.read.calculationProfit([id]);
    expect(reward).toBeGreaterThan(0n);
    const supply = await w.pex.read.totalSupply();
    const receipt = await w.send(w.of(w.alice).spex.write.unStake([id]));
    expect(eventOf(receipt, w.spex, "Unstaked").args).toMatchObject({ principal: amount, reward: 0n, forfeited: reward });
    expect(await w.pex.read.totalSupply()).toBe(supply - reward);
  });

  it("only the owner may unstake", async () => {
    const w = await world();
    const id = await stakeAs(w, w.alice, parseEther("1"));
    await expect(w.of(w.bob).spex.write.unStake([id])).rejects.toThrow(revertsWith("SPexNotOwner"));
  });
});

describe("SPEX: owner settings", () => {
  it("are guarded, validated and announced", async () => {
    const w = await world();
    const stranger = w.of(w.alice).spex;
    await expect(stranger.write.setRewardRate([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(stranger.write.setEpochLength([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(stranger.write.setWarmup([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(stranger.write.setAccelerationTerms([1n, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(stranger.write.setLinks([w.front.address, w.treasury1.address])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));

    await expect(w.spex.write.setRewardRate([10_001n])).rejects.toThrow(revertsWith("SPexRateTooHigh"));
    expect(eventOf(await w.send(w.spex.write.setRewardRate([5_000n])), w.spex, "RewardRateSet").args.rewardRate).toBe(5_000n);
    expect(await w.spex.read.rewardRate()).toBe(5_000n);

    await expect(w.spex.write.setEpochLength([0n])).rejects.toThrow(revertsWith("SPexInvalidEpochLength"));
    expect(eventOf(await w.send(w.spex.write.setEpochLength([3600n])), w.spex, "EpochLengthSet").args.length).toBe(3600n);

    await expect(w.spex.write.setWarmup([31n * 86400n])).rejects.toThrow(revertsWith("SPexInvalidTerms"));
    expect(eventOf(await w.send(w.spex.write.setWarmup([60n])), w.spex, "WarmupSet").args.warmup).toBe(60n);

    await expect(w.spex.write.setAccelerationTerms([0n, 10n])).rejects.toThrow(revertsWith("SPexInvalidTerms"));
    expect(eventOf(await w.send(w.spex.write.setAccelerationTerms([9_000n, 10n])), w.spex, "AccelerationTermsSet").args).toEqual({
      priceBps: 9_000n,
      maxDays: 10n,
    });
    expect(await w.spex.read.terms()).toEqual([60n, 9_000n, 10n]);

    await expect(w.spex.write.setLinks([zeroAddress, w.treasury1.address])).rejects.toThrow(revertsWith("SPexInvalidTerms"));
    expect(eventOf(await w.send(w.spex.write.setLinks([w.front.address, w.treasury2.address])), w.spex, "LinksSet").args.treasury).toEqual(
      w.treasury2.address,
    );
    expect(await w.spex.read.links()).toEqual([w.dao.address, w.front.address, w.treasury2.address]);
  });

  it("the constructor validates the epoch and the rate", async () => {
    const w = await world();
    const args = (epochLength: number, rate: number) => [w.pex.address, w.usdb.address, zeroAddress, w.owner.account.address, epochLength, 0n, rate];
    await expect(hre.viem.deployContract("SPEX", args(0, 3000))).rejects.toThrow(revertsWith("SPexInvalidEpochLength"));
    await expect(hre.viem.deployContract("SPEX", args(3600, 10_001))).rejects.toThrow(revertsWith("SPexRateTooHigh"));
  });

  it("keeps the gons views consistent with balances", async () => {
    const w = await world();
    await stakeAs(w, w.alice, parseEther("5"));
    await advance(w, 8 * 3600);
    await w.send(w.spex.write.rebase());
    const gons = await w.spex.read.gonsBalanceOf([w.alice.account.address]);
    const gpf = await w.spex.read.gonsPerFragment();
    expect(gons / gpf).toBe(await w.spex.read.balanceOf([w.alice.account.address]));
    expect(gpf).toBeLessThan(10n ** 18n);
  });
});
