/**
 * The "time" of a proposal in the list (specification §3 labels: …, status, time): how long it
 * can still be signed while active by the chain's clock `now` (seconds), else closed.
 */
export function proposalTime(p: { status: number; endTime: bigint }, now: number): { left: number } | "closed" {
  const left = Number(p.endTime) - now;
  return p.status === 1 && left >= 0 ? { left } : "closed";
}
