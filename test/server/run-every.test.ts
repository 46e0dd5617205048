import { describe, expect, it } from "vitest";
import { runEvery } from "../../server/jobs/run-every";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("runEvery (the background jobs' scheduler)", () => {
  it("runs at once, never overlaps passes, goes on after a failure, and stop waits for the pass", async () => {
    let active = 0;
    let maxActive = 0;
    let passes = 0;
    const errors: unknown[] = [];
    let release: (() => void) | null = null;
    const job = runEvery(
      1,
      async () => {
        passes++;
        active++;
        maxActive = Math.max(maxActive, active);
        try {
          if (passes === 2) throw new Error("second pass fails");
          if (passes === 4) await new Promise<void>((r) => (release = r));
          else await sleep(5);
        } finally {
          active--;
        }
      },
      (err) => errors.push(err),
    );
    expect(passes).toBe(0); // scheduled on the microtask queue, not synchronously inside runEvery
    while (passes < 4) await sleep(2);
    // The fourth pass hangs until released: stop() must wait for it and start nothing after.
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release!();
    await stopping;
    const after = passes;
    await sleep(20);
    expect(passes).toBe(after);
    expect(maxActive).toBe(1);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("second pass fails");
  });
});
