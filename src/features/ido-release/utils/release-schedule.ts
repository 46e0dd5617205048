/**
 * The IDO release (docs/contracts.md): 65 % at once from the start, 35 % linearly over the
 * duration. Mirrors IDO._released35 so the page can show the schedule ahead of time.
 */
export const IMMEDIATE_BPS = 6500n;

export function part65(total: bigint): bigint {
  return (total * IMMEDIATE_BPS) / 10_000n;
}

export function released35(total: bigint, start: bigint, duration: bigint, now: bigint): bigint {
  const part35 = total - part65(total);
  if (now < start) return 0n;
  const elapsed = now - start;
  if (duration === 0n || elapsed >= duration) return part35;
  return (part35 * elapsed) / duration;
}

/** Share of the 35 % released at `now`, in basis points (for a progress bar). */
export function releasedBps(start: bigint, duration: bigint, now: bigint): bigint {
  if (now <= start) return 0n;
  if (duration === 0n || now - start >= duration) return 10_000n;
  return ((now - start) * 10_000n) / duration;
}

/** Whole days of a duration in seconds, rounded up. */
export function durationDays(seconds: bigint): bigint {
  return (seconds + 86_399n) / 86_400n;
}
