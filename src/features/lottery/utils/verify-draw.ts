import { encodeAbiParameters, hexToBigInt, keccak256, type Hex } from "viem";

export interface DrawEvidence {
  round: bigint;
  /** The seed the operator revealed in drawWinner. */
  seed: Hex;
  /** keccak256(seed), committed when the round started. */
  commitment: Hex;
  /** Hash of the draw block, fixed by requestDraw after the last entry. */
  drawBlockHash: Hex;
  randomness: bigint;
  totalEntries: bigint;
  winningNumber: bigint;
}

/**
 * Recomputes a draw the way Game.drawWinner does, so a player can check it: the seed matches
 * the commitment, randomness = keccak256(abi.encode(seed, blockhash(drawBlock), round)) and the
 * winning number = randomness mod total entries.
 */
export function verifyDraw(e: DrawEvidence): { commitmentOk: boolean; randomnessOk: boolean; numberOk: boolean } {
  const commitmentOk = keccak256(e.seed) === e.commitment.toLowerCase();
  const randomness = hexToBigInt(
    keccak256(
      encodeAbiParameters([{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }], [e.seed, e.drawBlockHash, e.round]),
    ),
  );
  const randomnessOk = randomness === e.randomness;
  const numberOk = e.totalEntries > 0n && randomness % e.totalEntries === e.winningNumber;
  return { commitmentOk, randomnessOk, numberOk };
}
