import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEBT_REFUSAL, debtBlocksSpending } from "../../../domain/debt";
import { INSUFFICIENT_WITHDRAW_BALANCE } from "../../../domain/withdraw-rules";
import { transferBody, transferReply } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { conflict } from "../../lib/errors";
import { authenticate } from "../auth/authenticate.plugin";
import { limitPerUser, perUserPerMinute } from "../../lib/per-user-limit";
import { transferToSpendable } from "./transfer.service";

/**
 * POST /base/api/asset/transfer: `{amount, password}` → `{id, amount, withdrawUsdt, amountUsdt}`
 * (balances after). Rate-limited per user (TRANSFER_RATE_LIMIT_PER_MINUTE).
 */
export default async function transferRoute(app: FastifyInstance) {
  const limit = limitPerUser(perUserPerMinute(app.db, "transfer", app.config.transferRateLimitPerMinute), "transfer.tooMany");
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/asset/transfer",
      { schema: { body: transferBody, response: replies(transferReply) }, onRequest: authenticate, preHandler: limit },
      async (request) => {
        const input = request.body;
        const amount = BigInt(input.amount);
        // Refuse before the (slow) password check when a debt blocks it or the balance cannot cover it; the debit checks again.
        if (debtBlocksSpending(BigInt(request.user.debt_usdt))) throw conflict(DEBT_REFUSAL);
        if (amount > BigInt(request.user.withdraw_usdt)) throw conflict(INSUFFICIENT_WITHDRAW_BALANCE);
        await app.fundPasswordGuard.check(request.user, input.password);
        const t = await transferToSpendable(app.db.kysely, BigInt(request.user.id), amount, Date.now());
        return ok({
          id: t.id,
          amount: t.amount.toString(),
          withdrawUsdt: t.withdrawUsdt.toString(),
          amountUsdt: t.amountUsdt.toString(),
        });
      },
    );
}
