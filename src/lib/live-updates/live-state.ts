/**
 * Whether this tab receives live updates now (its own stream, or the leader tab's through the
 * channel). Polling that only waits for a server-side change relaxes while it does: the change
 * arrives as an event, and the slow poll only covers an event lost with a dropped connection.
 */
let live = false;
const listeners = new Set<() => void>();

export function isLive(): boolean {
  return live;
}

export function setLive(next: boolean): void {
  if (live === next) return;
  live = next;
  for (const listener of listeners) listener();
}

export function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A poll of `ms` while no stream is live, `relaxedMs` while one is. */
export const pollEvery = (ms: number, relaxedMs = 30_000) => (isLive() ? relaxedMs : ms);
