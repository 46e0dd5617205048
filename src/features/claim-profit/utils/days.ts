/** Days a position may still be accelerated by (at most `maxDays` in its life). */
export function remainingDays(maxDays: bigint, acceleratedDays: bigint): bigint {
  return maxDays > acceleratedDays ? maxDays - acceleratedDays : 0n;
}

/** A typed day count: a whole number from 1 to `remaining`, else null. */
export function parseDays(text: string, remaining: bigint): bigint | null {
  if (!/^[1-9]\d{0,3}$/.test(text.trim())) return null;
  const days = BigInt(text.trim());
  return days <= remaining ? days : null;
}
