/** A background job of the server: stopping it waits for the pass in progress. */
export interface Job {
  stop(): Promise<void>;
}

/**
 * Runs `pass` now, then again `intervalMs` after each pass ends, so two passes never overlap in
 * this process. A pass that throws is reported to `onError` and the schedule goes on: every job
 * is written so that the next pass picks up what a failed one left.
 */
export function runEvery(intervalMs: number, pass: () => Promise<unknown>, onError: (err: unknown) => void): Job {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = Promise.resolve()
      .then(pass)
      .then(
        () => undefined,
        (err: unknown) => onError(err),
      )
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        // The HTTP server keeps the process alive; a job alone should not.
        timer.unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
