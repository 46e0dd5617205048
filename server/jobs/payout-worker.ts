import { type PayoutRow } from "../modules/withdraw/payout.repository";
import { type JobRunner, runLeased } from "./lease/run-leased";
import type { Job } from "./run-every";
import { context, type PayoutPassResult, type PayoutWorkerOptions } from "./payout-pass-context";
import { reconcilePayouts } from "./payout-reconcile";
import { startPayouts } from "./payout-send";

export { DEFAULT_REPLACEMENT_WINDOW_MS, type PayoutPassResult, type PayoutWorkerOptions } from "./payout-pass-context";
export { reconcilePayouts } from "./payout-reconcile";
export { startPayouts } from "./payout-send";

/** One pass: settle what is in flight, start what is pending, settle again (fast chains mine at once). */
export async function runPayoutPass(o: PayoutWorkerOptions): Promise<PayoutPassResult> {
  const result: PayoutPassResult = { sent: 0, paid: 0, failed: 0, dropped: 0, rebroadcast: 0, waiting: 0 };
  try {
    const ctx = await context(o, result);
    if (!ctx) return result;
    const inFlight = await reconcilePayouts(o, ctx);
    await startPayouts(o, ctx, inFlight);
    if (result.sent > 0 || result.rebroadcast > 0) {
      // Settle what this pass just sent; nothing is sent again here.
      const { rebroadcast, waiting } = result;
      await reconcilePayouts({ ...o, broadcast: async () => undefined }, ctx);
      result.rebroadcast = rebroadcast;
      result.waiting = waiting;
    }
    return result;
  } finally {
    // A pass that fails midway has still sent, paid or refunded what it counted so far.
    o.observer?.payouts?.(result);
  }
}

export type { PayoutRow };

/**
 * Runs a pass now and then every `intervalMs` while this process holds the job's lease. Each
 * payout's signed bytes are stored in a fenced transaction before it is broadcast, so a process
 * that lost the lease never broadcasts a new transaction.
 */
export function startPayoutWorker(runner: JobRunner, o: Omit<PayoutWorkerOptions, "lease"> & { intervalMs: number }): Job {
  return runLeased(
    runner.leases,
    "payout-worker",
    o.intervalMs,
    async (lease) => {
      const r = await runPayoutPass({ observer: runner.observer, ...o, lease });
      if (r.sent || r.paid || r.failed || r.dropped) o.log.info(r, "payout pass");
    },
    { log: o.log, failure: "payout pass failed", observer: runner.observer },
  );
}
