import type { FastifyBaseLogger } from "fastify";
import { runSettlementPass } from "../modules/settlement/settlement.service";
import { type JobRunner, runLeased } from "./lease/run-leased";
import type { Job } from "./run-every";

export { runSettlementPass };

/**
 * The background settlement job: one pass at start (catching up whatever a stopped server
 * missed), then one every `intervalMs`, in the process holding its lease. A pass never overlaps
 * the previous one; a pass run anyway by another process (the admin trigger) is made harmless by
 * the per-day keys.
 */
export function startSettlementJob(opts: {
  runner: JobRunner;
  intervalMs: number;
  rewardRatesPpm: readonly number[];
  log: FastifyBaseLogger;
}): Job {
  return runLeased(
    opts.runner.leases,
    "settlement",
    opts.intervalMs,
    async (lease) => {
      const t = await runSettlementPass(lease, { rewardRatesPpm: opts.rewardRatesPpm });
      if (t.days > 0)
        opts.log.info(
          { orders: t.orders, days: t.days, income: t.income.toString(), rewards: t.rewards.toString() },
          "settlement pass",
        );
    },
    { log: opts.log, failure: "settlement pass failed", observer: opts.runner.observer },
  );
}
