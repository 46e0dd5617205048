/* A background job that runs only in the process holding its lease, writing only through it. */
import type { FastifyBaseLogger } from "fastify";
import type { JobObserver } from "../../lib/job-observer";
import { type Job, runEvery } from "../run-every";
import type { JobLeases } from "./job-leases";
import { type JobLease, LeaseLostError } from "./with-lease";

export type { JobObserver } from "../../lib/job-observer";

/** What a job's start function is given: the process's leases, and who is told how passes went. */
export interface JobRunner {
  leases: JobLeases;
  observer?: JobObserver;
}

export interface LeasedJobOptions {
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  /** What the log says when a pass fails. */
  failure: string;
  /** The level of that line; keepers that only retry say warn. Default error. */
  failureLevel?: "warn" | "error";
  observer?: JobObserver;
}

/**
 * Runs `pass` every `intervalMs` (after each pass ends, as runEvery) while this process holds the
 * job's lease, giving it that lease (JobLease): reads, and transactions fenced by the lease, and
 * no other way to write (ADR-0197). Whether the lease is held is
 * looked at every third of the lease (or the interval, if shorter): a process that takes a job
 * over runs a pass at once rather than waiting out its interval. A pass that loses the lease midway is
 * logged at warn: its transaction was rolled back, and the new holder carries on.
 */
export function runLeased(
  leases: JobLeases,
  name: string,
  intervalMs: number,
  pass: (lease: JobLease) => Promise<unknown>,
  o: LeasedJobOptions,
): Job {
  const ready = leases.register(name);
  const poll = Math.min(intervalMs, leases.ttlMs / 3);
  let lastToken: bigint | null = null;
  let lastEnd = -Infinity;
  return runEvery(
    poll,
    async () => {
      await ready;
      const token = leases.tokenOf(name);
      if (token === null) return;
      // Half a poll of slack: a tick comes `poll` after the previous one ends, never exactly on time.
      if (token === lastToken && performance.now() - lastEnd < intervalMs - poll / 2) return;
      lastToken = token;
      const started = performance.now();
      try {
        await pass(leases.lease(name, token));
        o.observer?.jobPassed(name, performance.now() - started);
      } finally {
        lastEnd = performance.now();
      }
    },
    (err) => {
      if (err instanceof LeaseLostError) {
        leases.lost(name, err.lease.token);
        o.log.warn({ job: name, token: String(err.lease.token) }, "job lease lost during a pass: another process carries on");
        return;
      }
      o.observer?.jobFailed(name);
      o.log[o.failureLevel ?? "error"]({ err }, o.failure);
    },
  );
}
