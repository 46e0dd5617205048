import { describe, expect, it } from "vitest";
import { UPDATER_ROLE } from "../../../scripts/protocol/deploy-protocol";
import { eventOf, hre, now, revertsWith, world } from "../support/fixture";

describe("EthUsdPriceFeed", () => {
  it("answers like a Chainlink AggregatorV3", async () => {
    const w = await world();
    expect(await w.priceFeed.read.decimals()).toBe(8);
    expect(await w.priceFeed.read.description()).toBe("ETH / USD");
    expect(await w.priceFeed.read.version()).toBe(4n);
    const [roundId, answer, startedAt, updatedAt, answeredInRound] = await w.priceFeed.read.latestRoundData();
    expect([roundId, answer, answeredInRound]).toEqual([1n, w.config.ethUsd, 1n]);
    expect(startedAt).toBe(updatedAt);
  });

  it("the updater pushes rounds with AnswerUpdated; history stays readable", async () => {
    const w = await world();
    const receipt = await w.send(w.priceFeed.write.updateAnswer([2_500n * 10n ** 8n]));
    const event = eventOf(receipt, w.priceFeed, "AnswerUpdated").args;
    expect(event).toEqual({ current: 2_500n * 10n ** 8n, roundId: 2n, updatedAt: await now(w) });
    expect((await w.priceFeed.read.latestRoundData())[1]).toBe(2_500n * 10n ** 8n);
    expect((await w.priceFeed.read.getRoundData([1n]))[1]).toBe(w.config.ethUsd);
    await expect(w.priceFeed.read.getRoundData([9n])).rejects.toThrow(revertsWith("EthUsdPriceFeedNoData"));
  });

  it("rejects non-positive answers and strangers", async () => {
    const w = await world();
    await expect(w.priceFeed.write.updateAnswer([0n])).rejects.toThrow(revertsWith("EthUsdPriceFeedInvalidAnswer"));
    await expect(w.of(w.alice).priceFeed.write.updateAnswer([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await w.send(w.priceFeed.write.grantRole([UPDATER_ROLE, w.alice.account.address]));
    await w.send(w.of(w.alice).priceFeed.write.updateAnswer([1n]));
    await expect(hre.viem.deployContract("EthUsdPriceFeed", [w.owner.account.address, 8, -1n])).rejects.toThrow(revertsWith("EthUsdPriceFeedInvalidAnswer"));
  });
});
