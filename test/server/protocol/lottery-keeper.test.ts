import { encodeAbiParameters, hexToBigInt, keccak256, parseEther, parseEventLogs, parseUnits, toHex, type Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DEV_LOTTERY_OPERATOR } from "../../../domain/lottery-local";
import { vrfCoordinatorV2_5MockAbi } from "../../../generated/abis";
import { loadConfig } from "../../../server/config";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import type { ChainContracts } from "../../../server/lib/chain";
import type { JobRunner } from "../../../server/jobs/lease/run-leased";
import {
  localVrfOf,
  runLotteryKeeperPass,
  startLotteryKeeper,
  type LotteryKeeperOptions,
} from "../../../server/jobs/lottery-keeper";
import { loadServerAccounts } from "../../../server/lib/signers/server-accounts";
import { gameArtifactAbi, OPERATOR, startTestChain, usdtAbi, type TestChain } from "../assets/hardhat";
import { scrapeMetrics } from "../support/scrape";
import { createTestApp } from "../support/test-app";

const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const BOB = privateKeyToAccount(DEMO_ACCOUNTS[2]!.privateKey);
/** A payout wallet of a live chain: a key of its own, behind a remote signer. */
const PAYOUT = privateKeyToAccount(generatePrivateKey());
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const DRAW_TIMEOUT = 86_400;

let chain: TestChain;
let options: LotteryKeeperOptions;
let vrf: { coordinator: `0x${string}`; consumer: `0x${string}` };

const game = <T>(functionName: string, args: unknown[] = []) =>
  chain.client.readContract({ address: chain.game, abi: gameArtifactAbi(), functionName, args }) as Promise<T>;
const round = (id: bigint) =>
  game<{
    state: number;
    winner: string;
    totalEntries: bigint;
    randomness: bigint;
    prize: bigint;
    requestId: bigint;
    jackpot: bigint;
  }>("getRound", [id]);
const balance = (player: `0x${string}`) => game<bigint>("balanceOf", [player, chain.usdt]);
const increaseTime = async (seconds: number) => {
  await chain.client.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await chain.mine(1);
};
const pass = () => runLotteryKeeperPass(options);

/** Chainlink's coordinator mock with a funded subscription, and the lottery's consumer on it, as the deploy sets them up. */
async function deployVrf(): Promise<{ coordinator: `0x${string}`; consumer: `0x${string}` }> {
  const mock = await chain.deploy(
    "@chainlink/contracts/src/v0.8/vrf/mocks/VRFCoordinatorV2_5Mock.sol/VRFCoordinatorV2_5Mock.json",
    [parseEther("0.1"), parseUnits("1", 9), parseEther("0.004")],
  );
  const created = await chain.client.getTransactionReceipt({
    hash: await chain.write(OPERATOR, mock.address, mock.abi, "createSubscription", []),
  });
  const subId = parseEventLogs({ abi: vrfCoordinatorV2_5MockAbi, logs: created.logs, eventName: "SubscriptionCreated" })[0]!.args
    .subId;
  await chain.write(OPERATOR, mock.address, mock.abi, "fundSubscription", [subId, parseEther("1000000")]);
  const terms = {
    keyHash: keccak256(toHex("keeper test key")),
    subscriptionId: subId,
    callbackGasLimit: 300_000,
    requestConfirmations: 3,
    nativePayment: false,
  };
  const consumer = await chain.deploy("contracts/game/LotteryRandomness.sol/LotteryRandomness.json", [
    mock.address,
    chain.game,
    terms,
  ]);
  await chain.write(OPERATOR, consumer.address, consumer.abi as Abi, "seal", []);
  await chain.write(OPERATOR, mock.address, mock.abi as Abi, "addConsumer", [subId, consumer.address]);
  await chain.write(OPERATOR, chain.game, gameArtifactAbi(), "setRandomnessSource", [consumer.address]);
  return { coordinator: mock.address, consumer: consumer.address };
}

beforeAll(async () => {
  chain = await startTestChain();
  await chain.write(OPERATOR, chain.game, gameArtifactAbi(), "setLotteryTerms", [chain.usdt, 500n]);
  vrf = await deployVrf();
  for (const player of [ALICE, BOB]) {
    await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [player.address, 100_000_000n]);
    await chain.write(player, chain.usdt, usdtAbi(), "approve", [chain.game, 100_000_000n]);
    await chain.write(player, chain.game, gameArtifactAbi(), "deposit", [chain.usdt, 100_000_000n]);
  }
  options = {
    client: chain.client,
    account: OPERATOR,
    game: () => chain.game,
    localVrf: () => vrf,
    roundSeconds: 600,
    ticketPrice: 1_000_000n,
    log: silent,
  };
}, 120_000);
afterAll(async () => chain?.stop());

describe("lottery keeper", () => {
  it("signs with its own account on the local chain, never with the payout wallet's; no secret anywhere", async () => {
    const config = loadConfig({}, {});
    const local = await loadServerAccounts(config);
    expect(local.lotteryKeeper?.address).toBe(DEV_LOTTERY_OPERATOR.address);
    expect(privateKeyToAccount(DEV_LOTTERY_OPERATOR.privateKey).address).toBe(DEV_LOTTERY_OPERATOR.address);
    expect(local.lotteryKeeper?.address).not.toBe(local.payout?.address);
    expect(Object.keys(config).some((key) => /secret/i.test(key))).toBe(false);
  });

  it("off the local chain never borrows the payout key: without its own, a keeper left on refuses the start", async () => {
    const payoutOnly = { CHAIN_ID: "56", OPERATOR_SIGNER_URL: "http://127.0.0.1:9/", OPERATOR_ADDRESS: PAYOUT.address };
    const config = loadConfig({}, payoutOnly);
    expect(config.signers.lotteryKeeper).toBeNull();
    await expect(loadServerAccounts(config)).rejects.toThrow(
      /the lottery keeper needs a key of its own: set LOTTERY_OPERATOR_KEYSTORE/,
    );
    // Turned off on purpose, the server starts, and the keeper stays off.
    const off = loadConfig({}, { ...payoutOnly, LOTTERY_KEEPER_INTERVAL_MS: "0" });
    const accounts = await loadServerAccounts(off);
    expect(accounts.lotteryKeeper).toBeNull();
    expect(accounts.payout?.address).toBe(PAYOUT.address);
    const log = { info: () => {}, warn: () => {}, error: () => {}, child: () => log } as never;
    expect(startLotteryKeeper(off, accounts.lotteryKeeper, {} as JobRunner, log)).toBeNull();
  });

  it("fulfils through the coordinator mock on chain 31337 only", () => {
    const contracts = () =>
      ({
        deployments: { contracts: { vrfCoordinator: vrf.coordinator, lotteryRandomness: vrf.consumer } },
      }) as unknown as ChainContracts;
    expect(localVrfOf(31337, contracts)()).toEqual(vrf);
    for (const chainId of [1, 56, 11155111]) expect(localVrfOf(chainId, contracts)()).toBeNull();
    expect(localVrfOf(31337, () => null)()).toBeNull();
  });

  it("does nothing without a game contract", async () => {
    expect(await runLotteryKeeperPass({ ...options, game: () => null })).toEqual({ action: "idle", round: 0n });
  });

  it("runs a round from Joining through the VRF draw to a winner, then starts the next", async () => {
    expect(await pass()).toEqual({ action: "started", round: 1n });
    expect((await round(1n)).state).toBe(1);
    // Bob turns Auto Join on: the keeper enters him once, then stays idle.
    await chain.write(BOB, chain.game, gameArtifactAbi(), "setAutoJoin", [true, 3n]);
    expect(await pass()).toEqual({ action: "auto-joined", round: 1n });
    expect(await game<bigint>("entriesOf", [1n, BOB.address])).toBe(3n);
    expect(await pass()).toEqual({ action: "idle", round: 1n });
    await chain.write(ALICE, chain.game, gameArtifactAbi(), "join", [7n]);

    await increaseTime(601);
    expect((await round(1n)).state).toBe(2);
    expect(await pass()).toEqual({ action: "draw-requested", round: 1n });
    const { requestId } = await round(1n);
    expect(requestId).not.toBe(0n);
    // The local chain's coordinator answers only when told: the keeper tells it.
    expect(await pass()).toEqual({ action: "drawn", round: 1n });
    const drawn = await round(1n);
    expect(drawn.state).toBe(3);
    expect([ALICE.address, BOB.address]).toContain(drawn.winner);
    expect(drawn.totalEntries).toBe(10n);
    expect(drawn.prize).toBe(9_500_000n); // 10 USDT less the 5 % fee
    expect(drawn.randomness).toBe(
      hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [requestId, 0n]))),
    );

    expect(await pass()).toEqual({ action: "started", round: 2n });
    // Repeated passes are harmless.
    expect((await pass()).round).toBe(2n);
  }, 60_000);

  it("cancels an empty round; elsewhere it never fulfils, and a word that does not come ends in a cancel and every refund", async () => {
    await chain.write(BOB, chain.game, gameArtifactAbi(), "setAutoJoin", [false, 0n]);
    // Round 2 may hold Bob's auto-join entries from the last pass; the next round is empty.
    await increaseTime(601);
    let step = await pass();
    while (step.round === 2n && step.action !== "drawn" && step.action !== "cancelled") step = await pass();
    expect(await pass()).toEqual({ action: "started", round: 3n });
    await increaseTime(601);
    expect(await pass()).toEqual({ action: "cancelled", round: 3n });
    expect((await round(3n)).state).toBe(4);

    // As on a live chain: no coordinator to tell, so the keeper asks and waits; the wait is a metric.
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const live = { ...options, localVrf: () => null, observer: t.app.metrics };
    const vrfWait = async () => {
      const scrape = await scrapeMetrics(t.app);
      return [scrape.value("pex_lottery_vrf_requests_pending"), scrape.value("pex_lottery_vrf_oldest_pending_age_seconds")!];
    };
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "started", round: 4n });
    const [alice, bob] = [await balance(ALICE.address), await balance(BOB.address)];
    await chain.write(ALICE, chain.game, gameArtifactAbi(), "join", [2n]);
    await chain.write(BOB, chain.game, gameArtifactAbi(), "join", [1n]);
    await increaseTime(601);
    expect(await vrfWait()).toEqual([0, 0]);
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "draw-requested", round: 4n });
    expect((await vrfWait())[0]).toBe(1);
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "waiting-randomness", round: 4n });
    await increaseTime(DRAW_TIMEOUT - 60);
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "waiting-randomness", round: 4n });
    const [pending, age] = await vrfWait();
    expect(pending).toBe(1);
    expect(age).toBeGreaterThanOrEqual(DRAW_TIMEOUT - 60);
    expect(age).toBeLessThan(DRAW_TIMEOUT);
    expect((await round(4n)).state).toBe(2);
    await increaseTime(120);
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "cancelled", round: 4n });
    expect(await vrfWait()).toEqual([0, 0]);
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "refunded", round: 4n });
    expect([await balance(ALICE.address), await balance(BOB.address)]).toEqual([alice, bob]);
    expect((await round(4n)).jackpot).toBe(0n);
    expect(await runLotteryKeeperPass(live)).toEqual({ action: "started", round: 5n });
  }, 60_000);
});
