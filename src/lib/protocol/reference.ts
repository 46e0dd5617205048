import { REFERENCE_LENGTH, referenceFromBytes } from "@domain/random-reference";

/** The caller's `random` reference that protocol writes carry (stake, claimProfit, bonds): 13 digits from the CSPRNG. */
export function newRandomReference(): bigint {
  return BigInt(referenceFromBytes(crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH))));
}
