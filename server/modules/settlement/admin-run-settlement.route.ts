import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { settlementRunReply } from "../../../domain/api/operator";
import { ok } from "../../lib/envelope";
import { emptyBody } from "../../lib/page-params";
import { requireOperator } from "../operators/require-operator";
import { runSettlementPass } from "./settlement.service";

/** POST /base/api/admin/settlement/run (treasurer): runs one settlement pass now and answers its totals. */
export default async function adminRunSettlementRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/settlement/run",
      { onRequest: requireOperator("treasurer"), schema: { body: emptyBody, response: replies(settlementRunReply) } },
      async () => {
        const t = await runSettlementPass(app.db.kysely, { rewardRatesPpm: app.config.teamRewardRatesPpm });
        return ok({
          orders: t.orders,
          days: t.days,
          incomeUsdt: t.income.toString(),
          rewardsUsdt: t.rewards.toString(),
          completed: t.completed,
        });
      },
    );
}
