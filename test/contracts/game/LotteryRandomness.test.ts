import { describe, expect, it } from "vitest";
import { parseEventLogs, parseUnits, zeroAddress } from "viem";
import { connect, type WalletClient } from "../../../scripts/protocol/contracts";
import { defaultVrfConfig, fulfilThroughMock } from "../../../scripts/protocol/vrf";
import { advance, eventOf, hre, now, revertsWith, world, type World } from "../support/fixture";

const USDT = (n: string) => parseUnits(n, 6);

const terms = (w: World, overrides: Partial<{ callbackGasLimit: number; keyHash: `0x${string}`; subscriptionId: bigint }> = {}) => ({
  keyHash: defaultVrfConfig.keyHash,
  subscriptionId: w.vrf.subscriptionId,
  callbackGasLimit: defaultVrfConfig.callbackGasLimit,
  requestConfirmations: defaultVrfConfig.requestConfirmations,
  nativePayment: false,
  ...overrides,
});

/** A consumer deployed here (not the fixture's), typed like the fixture's, acting as `wallet`. */
async function freshConsumer(w: World, wallet: WalletClient = w.owner) {
  const { address } = await hre.viem.deployContract("LotteryRandomness", [w.vrf.coordinator, w.game.address, terms(w)]);
  return connect({ ...w.vrf.consumer, address }, wallet, w.publicClient);
}

/** `players` join round 1 once each (1 entry, 1 USDT) in turn, `joins` joins in all; the round then ends. */
async function manyJoins(w: World, joins: number) {
  const players = [w.alice, w.bob, w.carol, w.dave];
  for (const p of players) {
    await w.send(w.usdt.write.transfer([p.account.address, USDT("100")]));
    await w.send(w.of(p).usdt.write.approve([w.game.address, USDT("100")]));
    await w.send(w.of(p).game.write.deposit([w.usdt.address, USDT("100")]));
  }
  const t = await now(w);
  await w.send(w.game.write.startRound([t, t + 3600n, USDT("1")]));
  for (let i = 0; i < joins; i++) await w.send(w.of(players[i % players.length]!).game.write.join([1n]));
  await advance(w, 3600);
}

describe("LotteryRandomness (Chainlink VRF v2.5 consumer)", () => {
  it("is deployed as Game's randomness source on the coordinator's funded subscription", async () => {
    const w = await world();
    const consumer = w.vrf.consumer;
    expect(await consumer.read.game()).toEqual(w.game.address);
    expect(await consumer.read.coordinator()).toEqual(w.vrf.coordinator);
    expect(await consumer.read.s_vrfCoordinator()).toEqual(w.vrf.coordinator);
    // Sealed at deployment: the consumer owns itself, so no one can move its coordinator.
    expect(await consumer.read.owner()).toEqual(consumer.address);
    expect(await consumer.read.isSealed()).toBe(true);
    expect(await consumer.read.terms()).toEqual(terms(w));
    expect(await w.vrf.mock!.read.consumerIsAdded([w.vrf.subscriptionId, consumer.address])).toBe(true);
    const [balance] = await w.vrf.mock!.read.getSubscription([w.vrf.subscriptionId]);
    expect(balance).toBeGreaterThan(0n);
  });

  it("takes requests from Game only, with the terms TERMS_ROLE sets", async () => {
    const w = await world();
    await expect(w.of(w.alice).lotteryRandomness.write.requestRandomness()).rejects.toThrow(revertsWith("LotteryRandomnessNotGame"));
    await expect(w.vrf.consumer.write.requestRandomness()).rejects.toThrow(revertsWith("LotteryRandomnessNotGame"));

    const next = terms(w, { callbackGasLimit: 400_000, keyHash: `0x${"ab".repeat(32)}` });
    await expect(w.of(w.alice).lotteryRandomness.write.setTerms([next])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    for (const bad of [{ callbackGasLimit: 199_999 }, { keyHash: `0x${"00".repeat(32)}` as const }, { subscriptionId: 0n }]) {
      await expect(w.vrf.consumer.write.setTerms([terms(w, bad)])).rejects.toThrow(revertsWith("LotteryRandomnessInvalidTerms"));
    }
    const set = eventOf(await w.send(w.vrf.consumer.write.setTerms([next])), w.vrf.consumer, "VrfTermsSet").args;
    expect(set).toEqual(next);

    await manyJoins(w, 1);
    const requested = await w.send(w.game.write.requestDraw([1n]));
    const [event] = parseEventLogs({ abi: w.vrf.mock!.abi, logs: requested.logs, eventName: "RandomWordsRequested" });
    expect(event!.args).toMatchObject({
      keyHash: next.keyHash,
      subId: w.vrf.subscriptionId,
      callbackGasLimit: 400_000,
      minimumRequestConfirmations: defaultVrfConfig.requestConfirmations,
      numWords: 1,
      sender: w.vrf.consumer.address,
    });
  });

  it("refuses to be built without a Game or with terms that cannot work", async () => {
    const w = await world();
    await expect(hre.viem.deployContract("LotteryRandomness", [w.vrf.coordinator, zeroAddress, terms(w)])).rejects.toThrow(
      revertsWith("LotteryRandomnessZeroAddress"),
    );
    await expect(hre.viem.deployContract("LotteryRandomness", [w.vrf.coordinator, w.game.address, terms(w, { callbackGasLimit: 1 })])).rejects.toThrow(
      revertsWith("LotteryRandomnessInvalidTerms"),
    );
  });

  it("asks for no word before it is sealed, and is sealed once, by anyone", async () => {
    const w = await world();
    const fresh = await freshConsumer(w);
    // Before the seal its deployer still owns it (and could move the coordinator): no requests.
    expect(await fresh.read.owner()).toEqual(w.owner.account.address);
    await w.send(w.game.write.setRandomnessSource([fresh.address]));
    await w.send(w.vrf.mock!.write.addConsumer([w.vrf.subscriptionId, fresh.address]));
    await manyJoins(w, 2);
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("LotteryRandomnessNotSealed"));
    const asAlice = connect(fresh, w.alice, w.publicClient);
    expect(eventOf(await w.send(asAlice.write.seal()), fresh, "Sealed")).toBeTruthy();
    expect(await fresh.read.owner()).toEqual(fresh.address);
    await expect(fresh.write.seal()).rejects.toThrow(revertsWith("LotteryRandomnessAlreadySealed"));
    // Sealed, neither its deployer nor anyone else can move the coordinator or the ownership.
    for (const wallet of [w.owner, w.alice]) {
      const asWallet = connect(fresh, wallet, w.publicClient);
      await expect(asWallet.write.setCoordinator([wallet.account!.address])).rejects.toThrow(revertsWith("OnlyOwnerOrCoordinator"));
      await expect(asWallet.write.transferOwnership([wallet.account!.address])).rejects.toThrow(/Only callable by owner/);
    }
    await w.send(w.game.write.requestDraw([1n]));
  });

  it("cannot be sealed once its deployer proposed another owner: that consumer never asks for a word", async () => {
    const w = await world();
    const fresh = await freshConsumer(w);
    await w.send(fresh.write.transferOwnership([w.alice.account.address]));
    await expect(fresh.write.seal()).rejects.toThrow(revertsWith("LotteryRandomnessOwnershipMoved"));
    expect(await fresh.read.isSealed()).toBe(false);
  });

  it("asks no coordinator but the one it was built with, even were the coordinator itself to move it", async () => {
    const w = await world();
    await manyJoins(w, 2);
    // Once sealed only the coordinator may still call Chainlink's migration hook.
    const coordinator = w.vrf.coordinator;
    await hre.network.provider.send("hardhat_impersonateAccount", [coordinator]);
    await hre.network.provider.send("hardhat_setBalance", [coordinator, "0xDE0B6B3A7640000"]);
    const asCoordinator = connect(w.vrf.consumer, await hre.viem.getWalletClient(coordinator), w.publicClient);
    await w.send(asCoordinator.write.setCoordinator([w.alice.account.address]));
    // The draw request fails, so the round waits for its timeout (then every entry is refunded).
    await expect(w.game.write.requestDraw([1n])).rejects.toThrow(revertsWith("LotteryRandomnessCoordinatorChanged"));
  });

  it("the callback fits its gas limit with a deep winner search (128 joins)", async () => {
    const w = await world();
    await manyJoins(w, 128);
    const requested = await w.send(w.game.write.requestDraw([1n]));
    const { requestId } = eventOf(requested, w.game, "DrawRequested").args;
    const fulfilled = await fulfilThroughMock(w.publicClient, w.vrf, requestId);
    const [event] = parseEventLogs({ abi: w.vrf.mock!.abi, logs: fulfilled.logs, eventName: "RandomWordsFulfilled" });
    expect(event!.args).toMatchObject({ requestId, success: true });
    expect(eventOf(fulfilled, w.game, "WinnerDrawn").args.requestId).toBe(requestId);
  });
});
