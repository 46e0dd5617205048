import type { FastifyInstance } from "fastify";
import { ok } from "../../lib/envelope";
import { emptyBody } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { runSettlementPass } from "./settlement.service";

/** POST /base/api/admin/settlement/run (operator): runs one settlement pass now and answers its totals. */
export default async function adminRunSettlementRoute(app: FastifyInstance) {
  app.post("/admin/settlement/run", { onRequest: requireAdmin, schema: { body: emptyBody } }, async () => {
    const t = await runSettlementPass(app.db.kysely, { rewardRatesPpm: app.config.teamRewardRatesPpm });
    return ok({
      orders: t.orders,
      days: t.days,
      incomeUsdt: t.income.toString(),
      rewardsUsdt: t.rewards.toString(),
      completed: t.completed,
    });
  });
}
