import { encodeAbiParameters, keccak256, type Hex } from "viem";

/**
 * The lottery's commit-reveal seeds (docs/contracts.md, "Randomness and trust"): the operator
 * derives round r's seed from one secret, so its keeper needs only the secret. Same derivation as
 * scripts/protocol/seed-demo.ts, which commits the demo rounds.
 */

/** The public secret of the local chain's demo operator; LOTTERY_SECRET replaces it anywhere else. */
export const DEV_LOTTERY_SECRET = "pex-local-lottery-secret";

/** Round `round`'s seed: keccak256(abi.encode(secret, round)). */
export function lotterySeed(secret: string, round: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: "string" }, { type: "uint256" }], [secret, round]));
}

/** What `startRound` commits to: keccak256 of the 32-byte seed. */
export function lotteryCommitment(secret: string, round: bigint): Hex {
  return keccak256(lotterySeed(secret, round));
}
