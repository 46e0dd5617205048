import type { FastifyBaseLogger } from "fastify";
import { deleteEndedRateLimitWindows } from "../lib/db-rate-limiter";
import { deleteExpiredNonces } from "../modules/auth/nonce.repository";
import { deleteExpiredSessions } from "../modules/auth/session.repository";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { type JobLease, withLease } from "./lease/with-lease";
import type { Job } from "./run-every";

/**
 * One pass: deletes expired sessions, expired sign-in nonces (a used one is deleted when used)
 * and ended rate-limit windows. None of them is read once expired; this only keeps the tables small.
 */
export async function runSessionCleanupPass(lease: JobLease, now = Date.now()) {
  return withLease(lease, async (trx) => ({
    sessions: await deleteExpiredSessions(trx, now),
    nonces: await deleteExpiredNonces(trx, now),
    rateLimits: await deleteEndedRateLimitWindows(trx, now),
  }));
}

/** Runs the clean-up at start and every SESSION_CLEANUP_INTERVAL_MS (default hourly; 0 = off). */
export function startSessionCleanupJob(opts: { runner: JobRunner; intervalMs: number; log: FastifyBaseLogger }): Job | null {
  if (opts.intervalMs === 0) {
    opts.log.info("session clean-up off (SESSION_CLEANUP_INTERVAL_MS=0)");
    return null;
  }
  return runLeased(
    opts.runner.leases,
    "session-cleanup",
    opts.intervalMs,
    async (lease) => {
      const deleted = await runSessionCleanupPass(lease);
      if (deleted.sessions + deleted.nonces + deleted.rateLimits > 0n)
        opts.log.info(
          { sessions: String(deleted.sessions), nonces: String(deleted.nonces), rateLimits: String(deleted.rateLimits) },
          "session clean-up",
        );
    },
    { log: opts.log, failure: "session clean-up failed", observer: opts.runner.observer },
  );
}
