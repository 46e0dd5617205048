import { encodeAbiParameters, hexToBigInt, keccak256 } from "viem";

export interface DrawEvidence {
  /** The random word Game was drawn with (RoundInfo.randomness). */
  word: bigint;
  /**
   * The VRF output the coordinator emitted in RandomWordsFulfilled, in the fulfilment
   * transaction. Chainlink's coordinator proves it on chain against its key before answering.
   */
  outputSeed: bigint;
  totalEntries: bigint;
  winningNumber: bigint;
}

/** The word a VRF v2.5 coordinator derives from its output: keccak256(abi.encode(output, 0)). */
export function vrfWord(outputSeed: bigint): bigint {
  return hexToBigInt(keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [outputSeed, 0n])));
}

/**
 * Recomputes a draw the way the coordinator and Game.fulfillRandomness make it, so a player can
 * check it: the word is the coordinator's first word of its VRF output, and the winning number
 * is word mod total entries.
 */
export function verifyDraw(e: DrawEvidence): { wordOk: boolean; numberOk: boolean } {
  return {
    wordOk: vrfWord(e.outputSeed) === e.word,
    numberOk: e.totalEntries > 0n && e.word % e.totalEntries === e.winningNumber,
  };
}
