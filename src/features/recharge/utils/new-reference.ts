import { REFERENCE_LENGTH, referenceFromBytes } from "@domain/random-reference";

/** A fresh 13-digit recharge reference from the browser's CSPRNG. */
export function newReference(): string {
  return referenceFromBytes(crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH)));
}
