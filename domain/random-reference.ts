/**
 * The 13-digit recharge reference (specification §9, "random-number helper"): the app makes it,
 * registers it with the server, and passes it to the game contract's `recharge` as `random`,
 * so the server can match the on-chain event to the intent.
 */
export const REFERENCE_LENGTH = 13;
const REFERENCE = /^[0-9]{13}$/;
const LIMIT = 10n ** BigInt(REFERENCE_LENGTH);

export function isRechargeReference(value: string): boolean {
  return REFERENCE.test(value);
}

/**
 * The reference a contract `random` stands for: uint256 drops leading zeros, so pad back to
 * 13 digits; a value of 13 digits or more has no reference.
 */
export function referenceFromRandom(random: bigint): string | null {
  if (random < 0n || random >= LIMIT) return null;
  return random.toString().padStart(REFERENCE_LENGTH, "0");
}

/**
 * A reference from random bytes (the caller supplies them: crypto differs by platform). The
 * first digit is 1..9 so the number reads the same with or without padding.
 */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_LENGTH) throw new Error(`need at least ${REFERENCE_LENGTH} random bytes`);
  let out = String((bytes[0]! % 9) + 1);
  // 256 is not a multiple of 10: digits 0..5 are very slightly likelier. A reference is unique
  // by database constraint and secret to nobody, so the bias does no harm.
  for (let i = 1; i < REFERENCE_LENGTH; i++) out += String(bytes[i]! % 10);
  return out;
}
