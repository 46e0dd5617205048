import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { runSettlementPass } from "../modules/settlement/settlement.service";
import { type Job, runEvery } from "./run-every";

export { runSettlementPass };

/**
 * The background settlement job: one pass at start (catching up whatever a stopped server
 * missed), then one every `intervalMs`. A pass never overlaps the previous one in this
 * process; other processes may run their own, which the per-day keys make harmless.
 */
export function startSettlementJob(opts: {
  db: Kysely<Database>;
  intervalMs: number;
  rewardRatesPpm: readonly number[];
  log: FastifyBaseLogger;
}): Job {
  return runEvery(
    opts.intervalMs,
    async () => {
      const t = await runSettlementPass(opts.db, { rewardRatesPpm: opts.rewardRatesPpm });
      if (t.days > 0)
        opts.log.info(
          { orders: t.orders, days: t.days, income: t.income.toString(), rewards: t.rewards.toString() },
          "settlement pass",
        );
    },
    (err) => opts.log.error({ err }, "settlement pass failed"),
  );
}
