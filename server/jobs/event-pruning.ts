import type { FastifyBaseLogger } from "fastify";
import { deleteEventsBefore } from "../modules/events/event.repository";
import { deleteExpiredStreams } from "../modules/events/stream-slot.repository";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { type JobLease, withLease } from "./lease/with-lease";
import type { Job } from "./run-every";

/**
 * One pass: deletes live-update events older than `retentionMs` (a stream resuming from before
 * then is told to reload: `reset`) and the rows of streams whose process stopped without
 * closing them. Neither is read once past: this keeps the tables small.
 */
export async function runEventPruningPass(lease: JobLease, retentionMs: number, now = Date.now()) {
  return withLease(lease, async (trx) => ({
    events: await deleteEventsBefore(trx, now - retentionMs),
    streams: await deleteExpiredStreams(trx, now),
  }));
}

/** Runs the pruning at start and every EVENT_PRUNE_INTERVAL_MS (0 = off). */
export function startEventPruningJob(o: {
  runner: JobRunner;
  intervalMs: number;
  retentionMs: number;
  log: FastifyBaseLogger;
}): Job | null {
  if (o.intervalMs === 0) {
    o.log.info("event pruning off (EVENT_PRUNE_INTERVAL_MS=0)");
    return null;
  }
  return runLeased(
    o.runner.leases,
    "event-pruning",
    o.intervalMs,
    async (lease) => {
      const deleted = await runEventPruningPass(lease, o.retentionMs);
      if (deleted.events + deleted.streams > 0n)
        o.log.info({ events: String(deleted.events), streams: String(deleted.streams) }, "event pruning");
    },
    { log: o.log, failure: "event pruning failed", observer: o.runner.observer },
  );
}
