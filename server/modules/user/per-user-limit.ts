/**
 * A fixed-window counter per key (a user id), shared by every route that is handed the same
 * instance: the upload calls share one budget however the image is sent. In memory: a limit of
 * one server process, which is what a per-minute abuse brake needs.
 */
export class PerUserLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one use; answers the milliseconds to wait when the window is full, else 0. */
  take(key: string, now = Date.now()): number {
    if (this.windows.size > 10_000) this.prune(now);
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    if (w.count >= this.max) return this.windowMs - (now - w.start);
    w.count++;
    return 0;
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
