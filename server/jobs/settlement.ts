import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { runSettlementPass, type SettlementTotals } from "../modules/settlement/settlement.service";

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
}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runSettlementPass(opts.db, { rewardRatesPpm: opts.rewardRatesPpm })
      .then((t: SettlementTotals) => {
        if (t.days > 0)
          opts.log.info(
            { orders: t.orders, days: t.days, income: t.income.toString(), rewards: t.rewards.toString() },
            "settlement pass",
          );
      })
      .catch((err: unknown) => opts.log.error({ err }, "settlement pass failed"))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
