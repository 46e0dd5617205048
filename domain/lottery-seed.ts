import { encodeAbiParameters, keccak256, type Hex } from "viem";

/**
 * The lottery's commit-reveal seeds (docs/contracts.md, "Randomness and trust"): the operator
 * derives round r's seed from one secret, so its keeper needs only the secret. Same derivation as
 * scripts/protocol/seed-demo.ts, which commits the demo rounds.
 */

/** The public secret of the local chain's demo operator; LOTTERY_SECRET replaces it anywhere else. */
export const DEV_LOTTERY_SECRET = "pex-local-lottery-secret";

/**
 * The local chain's lottery operator: Hardhat's public development account #9 (worthless on any
 * real network). The keeper signs with its own account so its transactions never race account
 * #0's nonces (withdrawal payouts); the deploy makes it a Game operator on the local chain.
 */
export const DEV_LOTTERY_OPERATOR = {
  index: 9,
  address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  privateKey: "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
} as const;

/** Round `round`'s seed: keccak256(abi.encode(secret, round)). */
export function lotterySeed(secret: string, round: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: "string" }, { type: "uint256" }], [secret, round]));
}

/** What `startRound` commits to: keccak256 of the 32-byte seed. */
export function lotteryCommitment(secret: string, round: bigint): Hex {
  return keccak256(lotterySeed(secret, round));
}
