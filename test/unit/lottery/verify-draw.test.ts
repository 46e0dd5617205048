import { describe, expect, it } from "vitest";
import { encodeAbiParameters, hexToBigInt, keccak256 } from "viem";
import { verifyDraw, vrfWord } from "@/features/lottery/utils/verify-draw";

// What a VRF v2.5 coordinator emits (the mock's output is the request id; Chainlink's is the
// proven VRF output) and the word it hands the consumer.
const outputSeed = 0x1234_5678_9abc_def0n;
const word = hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [outputSeed, 0n])));
const evidence = { word, outputSeed, totalEntries: 13n, winningNumber: word % 13n };

describe("verifyDraw", () => {
  it("confirms a draw made the way the coordinator and Game.fulfillRandomness make it", () => {
    expect(vrfWord(outputSeed)).toBe(word);
    expect(verifyDraw(evidence)).toEqual({ wordOk: true, numberOk: true });
  });

  it("catches a word that is not the coordinator's, another output, or another winning number", () => {
    expect(verifyDraw({ ...evidence, word: word + 1n }).wordOk).toBe(false);
    expect(verifyDraw({ ...evidence, outputSeed: outputSeed + 1n }).wordOk).toBe(false);
    expect(verifyDraw({ ...evidence, winningNumber: (evidence.winningNumber + 1n) % 13n }).numberOk).toBe(false);
    expect(verifyDraw({ ...evidence, totalEntries: 0n }).numberOk).toBe(false);
  });
});
