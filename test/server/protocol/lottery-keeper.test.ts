import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_LOTTERY_OPERATOR, lotteryCommitment } from "../../../domain/lottery-seed";
import { loadConfig } from "../../../server/config";
import { DEMO_ACCOUNTS } from "../../../server/db/demo-accounts";
import { runLotteryKeeperPass, type LotteryKeeperOptions } from "../../../server/jobs/lottery-keeper";
import { gameArtifactAbi, OPERATOR, startTestChain, usdtAbi, type TestChain } from "../assets/hardhat";

const SECRET = "keeper-test-secret-0123456789";
const ALICE = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
const BOB = privateKeyToAccount(DEMO_ACCOUNTS[2]!.privateKey);
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let chain: TestChain;
let options: LotteryKeeperOptions;

const game = <T>(functionName: string, args: unknown[] = []) =>
  chain.client.readContract({ address: chain.game, abi: gameArtifactAbi(), functionName, args }) as Promise<T>;
const round = (id: bigint) =>
  game<{ state: number; winner: string; totalEntries: bigint; randomness: bigint; prize: bigint; commitment: string }>(
    "getRound",
    [id],
  );
const increaseTime = async (seconds: number) => {
  await chain.client.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
  await chain.mine(1);
};
const pass = () => runLotteryKeeperPass(options);

beforeAll(async () => {
  chain = await startTestChain();
  await chain.write(OPERATOR, chain.game, gameArtifactAbi(), "setLotteryTerms", [chain.usdt, 500n]);
  for (const player of [ALICE, BOB]) {
    await chain.write(OPERATOR, chain.usdt, usdtAbi(), "transfer", [player.address, 100_000_000n]);
    await chain.write(player, chain.usdt, usdtAbi(), "approve", [chain.game, 100_000_000n]);
    await chain.write(player, chain.game, gameArtifactAbi(), "deposit", [chain.usdt, 100_000_000n]);
  }
  options = {
    client: chain.client,
    account: OPERATOR,
    game: () => chain.game,
    secret: SECRET,
    roundSeconds: 600,
    ticketPrice: 1_000_000n,
    mineBlocks: true,
    log: silent,
  };
}, 120_000);
afterAll(async () => chain?.stop());

describe("lottery keeper", () => {
  it("signs with its own account on the local chain, never with the payout wallet's", () => {
    const local = loadConfig({}, {});
    expect(local.lotteryOperatorPrivateKey).toBe(DEV_LOTTERY_OPERATOR.privateKey);
    expect(privateKeyToAccount(DEV_LOTTERY_OPERATOR.privateKey).address).toBe(DEV_LOTTERY_OPERATOR.address);
    expect(local.lotteryOperatorPrivateKey).not.toBe(local.operatorPrivateKey);
    // Elsewhere nothing is assumed: the key is configured (or the payout wallet's is used).
    expect(loadConfig({}, { CHAIN_ID: "56" }).lotteryOperatorPrivateKey).toBeUndefined();
  });

  it("does nothing without a game contract", async () => {
    expect(await runLotteryKeeperPass({ ...options, game: () => null })).toEqual({ action: "idle", round: 0n });
  });

  it("runs a round from Joining through Drawing Winner to a winner, then starts the next", async () => {
    expect(await pass()).toEqual({ action: "started", round: 1n });
    expect((await round(1n)).commitment).toBe(lotteryCommitment(SECRET, 1n));
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
    // The reveal must come after the draw block: the keeper mines it on the local chain.
    expect(await pass()).toEqual({ action: "waiting-draw-block", round: 1n });
    expect(await pass()).toEqual({ action: "drawn", round: 1n });
    const drawn = await round(1n);
    expect(drawn.state).toBe(3);
    expect([ALICE.address, BOB.address]).toContain(drawn.winner);
    expect(drawn.totalEntries).toBe(10n);
    expect(drawn.prize).toBe(9_500_000n); // 10 USDT less the 5 % fee
    expect(drawn.randomness).not.toBe(0n);

    expect(await pass()).toEqual({ action: "started", round: 2n });
    // Repeated passes are harmless.
    expect((await pass()).round).toBe(2n);
  }, 60_000);

  it("cancels a round that ended without entries, and does not reveal a seed it cannot give", async () => {
    await chain.write(BOB, chain.game, gameArtifactAbi(), "setAutoJoin", [false, 0n]);
    // Round 2 may hold Bob's auto-join entries from the last pass; the next round is empty.
    await increaseTime(601);
    let step = await pass();
    while (step.round === 2n && step.action !== "drawn" && step.action !== "cancelled") step = await pass();
    expect(await pass()).toEqual({ action: "started", round: 3n });
    await increaseTime(601);
    expect(await pass()).toEqual({ action: "cancelled", round: 3n });
    expect((await round(3n)).state).toBe(4);

    expect(await pass()).toEqual({ action: "started", round: 4n });
    await chain.write(ALICE, chain.game, gameArtifactAbi(), "join", [1n]);
    await increaseTime(601);
    const other = { ...options, secret: "another-secret-0123456789" };
    expect(await runLotteryKeeperPass(other)).toEqual({ action: "draw-requested", round: 4n });
    await runLotteryKeeperPass(other);
    expect(await runLotteryKeeperPass(other)).toEqual({ action: "cannot-reveal", round: 4n });
    expect((await round(4n)).state).toBe(2);
  }, 60_000);
});
