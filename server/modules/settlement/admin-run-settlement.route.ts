import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { settlementRunReply } from "../../../domain/api/operator";
import { transactorOf } from "../../db/transactor";
import { ok } from "../../lib/envelope";
import { emptyBody } from "../../lib/page-params";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { runSettlementPass } from "./settlement.service";

/** POST /base/api/admin/settlement/run (treasurer): runs one settlement pass now and answers its totals (audited). */
export default async function adminRunSettlementRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/settlement/run",
      { onRequest: requireOperator("treasurer"), schema: { body: emptyBody, response: replies(settlementRunReply) } },
      async (request) => {
        const t = await runSettlementPass(transactorOf(app.db.kysely), { rewardRatesPpm: app.config.teamRewardRatesPpm });
        const totals = {
          orders: t.orders,
          days: t.days,
          incomeUsdt: t.income.toString(),
          rewardsUsdt: t.rewards.toString(),
          completed: t.completed,
        };
        // A pass is many transactions (one per order, each safe to repeat), so its audit row
        // follows it with the totals rather than joining one of them.
        await auditOf(request)(app.db.kysely, { action: "settlement.run", target: null, after: totals });
        return ok(totals);
      },
    );
}
