/** The Prioritized Task Scheduling API's `scheduler.yield()` (Chrome 129+), where there is one. */
interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Ends the current task and goes on in a new one, so that the browser may paint and answer input
 * in between: work after a first paint done in parts, none long enough to block a tap. With
 * `scheduler.yield()` the rest runs ahead of other queued tasks; elsewhere in a macrotask (a
 * message, which no timer clamping delays).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
