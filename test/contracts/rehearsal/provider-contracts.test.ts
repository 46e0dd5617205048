/**
 * The provider's own contracts (contracts/rehearsal/): USDT with 18 decimals that only its issuer
 * mints, and a BNB/USD feed that only its updater moves, read by the protocol's bond desk with its
 * staleness limit as it will read Chainlink's.
 */
import { describe, expect, it } from "vitest";
import { getContract, parseUnits } from "viem";
import { deploy, type WalletClient } from "../../../scripts/protocol/contracts";
import { FEED_DECIMALS, FEED_DESCRIPTION } from "../../../scripts/rehearsal/provider/provision";
import { eventOf, hre, now, revertsWith, world } from "../support/fixture";

const BNB_USD = parseUnits("612.5", FEED_DECIMALS);

async function deployFeed(updater: WalletClient) {
  const args = [updater.account.address, FEED_DECIMALS, FEED_DESCRIPTION, BNB_USD];
  return deploy<"rehearsalPriceFeedAbi">(hre, "RehearsalPriceFeed", args, updater);
}

describe("rehearsal USDT", () => {
  it("has USDT's name and BNB Smart Chain's 18 decimals; the issuer mints, nobody else", async () => {
    const w = await world();
    const usdt = await deploy<"rehearsalUsdtAbi">(hre, "RehearsalUsdt", [w.owner.account.address], w.owner);
    expect([await usdt.read.name(), await usdt.read.symbol(), await usdt.read.decimals()]).toEqual(["Tether USD", "USDT", 18]);
    await w.send(usdt.write.mint([w.alice.account.address, parseUnits("1000", 18)]));
    expect(await usdt.read.balanceOf([w.alice.account.address])).toBe(parseUnits("1000", 18));
    const asAlice = getContract({ abi: usdt.abi, address: usdt.address, client: { public: w.publicClient, wallet: w.alice } });
    await expect(asAlice.write.mint([w.alice.account.address, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    expect(await usdt.read.totalSupply()).toBe(parseUnits("1000", 18));
  });
});

describe("rehearsal BNB/USD feed", () => {
  it("answers like Chainlink's BNB/USD: 8 decimals, rounds from 1, dated by their block", async () => {
    const w = await world();
    const feed = await deployFeed(w.owner);
    expect([await feed.read.decimals(), await feed.read.description()]).toEqual([8, "BNB / USD"]);
    const [roundId, answer, startedAt, updatedAt, answeredInRound] = await feed.read.latestRoundData();
    expect([roundId, answer, answeredInRound]).toEqual([1n, BNB_USD, 1n]);
    expect(startedAt).toBe(updatedAt);
    const receipt = await w.send(feed.write.updateAnswer([BNB_USD + 1n]));
    expect(eventOf(receipt, feed, "AnswerUpdated").args).toEqual({ current: BNB_USD + 1n, roundId: 2n, updatedAt: await now(w) });
    expect((await feed.read.latestRoundData()).slice(0, 2)).toEqual([2n, BNB_USD + 1n]);
    expect((await feed.read.getRoundData([1n]))[1]).toBe(BNB_USD);
    expect((await feed.read.getRoundData([9n]))[3]).toBe(0n);
  });

  it("only the updater moves the price", async () => {
    const w = await world();
    const feed = await deployFeed(w.owner);
    const asAlice = getContract({ abi: feed.abi, address: feed.address, client: { public: w.publicClient, wallet: w.alice } });
    await expect(asAlice.write.updateAnswer([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    expect((await feed.read.latestRoundData())[1]).toBe(BNB_USD);
  });

  it("the bond desk prices with it and refuses it once stale; a push makes it fresh again", async () => {
    const w = await world();
    const feed = await deployFeed(w.owner);
    await w.send(w.front.write.setPriceFeed([feed.address, 3_600]));
    expect(await w.front.read.getEthPrice()).toBe(parseUnits("612.5", 18));
    await hre.network.provider.send("evm_increaseTime", [3_601]);
    await hre.network.provider.send("evm_mine", []);
    await expect(w.front.read.getEthPrice()).rejects.toThrow(revertsWith("FrontStalePrice"));
    await w.send(feed.write.updateAnswer([BNB_USD]));
    expect(await w.front.read.getEthPrice()).toBe(parseUnits("612.5", 18));
  });
});
