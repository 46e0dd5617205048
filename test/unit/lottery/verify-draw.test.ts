import { describe, expect, it } from "vitest";
import { encodeAbiParameters, hexToBigInt, keccak256 } from "viem";
import { DEV_LOTTERY_SECRET, lotteryCommitment, lotterySeed } from "@domain/lottery-seed";
import { verifyDraw } from "@/features/lottery/utils/verify-draw";

const round = 7n;
const seed = lotterySeed(DEV_LOTTERY_SECRET, round);
const drawBlockHash = `0x${"ab".repeat(32)}` as const;
const randomness = hexToBigInt(
  keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }], [seed, drawBlockHash, round])),
);
const evidence = {
  round,
  seed,
  commitment: lotteryCommitment(DEV_LOTTERY_SECRET, round),
  drawBlockHash,
  randomness,
  totalEntries: 13n,
  winningNumber: randomness % 13n,
};

describe("verifyDraw", () => {
  it("confirms a draw made the way Game.drawWinner makes it", () => {
    expect(verifyDraw(evidence)).toEqual({ commitmentOk: true, randomnessOk: true, numberOk: true });
  });

  it("catches a seed that is not the committed one, another block hash, round or winning number", () => {
    expect(verifyDraw({ ...evidence, seed: lotterySeed("another-secret", round) }).commitmentOk).toBe(false);
    expect(verifyDraw({ ...evidence, drawBlockHash: `0x${"cd".repeat(32)}` }).randomnessOk).toBe(false);
    expect(verifyDraw({ ...evidence, round: 8n }).randomnessOk).toBe(false);
    expect(verifyDraw({ ...evidence, winningNumber: (evidence.winningNumber + 1n) % 13n }).numberOk).toBe(false);
  });

  it("derives seeds from the secret and the round", () => {
    expect(lotterySeed(DEV_LOTTERY_SECRET, 1n)).not.toBe(lotterySeed(DEV_LOTTERY_SECRET, 2n));
    expect(lotteryCommitment(DEV_LOTTERY_SECRET, 1n)).toBe(keccak256(lotterySeed(DEV_LOTTERY_SECRET, 1n)));
  });
});
