import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { withdrawBody, withdrawReply } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { normalizeEvmAddress } from "../../../domain/evm-address";
import { withdrawRefusal } from "../../../domain/withdraw-rules";
import { ok } from "../../lib/envelope";
import { AppError } from "../../lib/errors";
import { authenticate } from "../auth/authenticate.plugin";
import { limitPerUser, perUserPerMinute } from "../../lib/per-user-limit";
import { requestWithdrawal } from "./withdraw.service";

const STATUS_OF_REFUSAL = { tron: 400, network: 400, address: 400, minimum: 400, debt: 409, balance: 409 } as const;

/**
 * POST /base/api/asset/withdraw: `{type?, address, amount, password}` → `{id, status, amount,
 * address, withdrawUsdt}`. Debits at once; the payout worker sends the USDT later. Rate-limited per
 * user (WITHDRAW_RATE_LIMIT_PER_MINUTE).
 */
export default async function withdrawRoute(app: FastifyInstance) {
  const limit = limitPerUser(perUserPerMinute(app.db, "withdraw", app.config.withdrawRateLimitPerMinute), "withdraw.tooMany");
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/asset/withdraw",
      { schema: { body: withdrawBody, response: replies(withdrawReply) }, onRequest: authenticate, preHandler: limit },
      async (request) => {
        const input = request.body;
        const amount = BigInt(input.amount);
        const refused = withdrawRefusal(
          { type: input.type, address: input.address, amount },
          {
            withdrawUsdt: BigInt(request.user.withdraw_usdt),
            minimum: app.config.withdrawMinMicroUsdt,
            debtUsdt: BigInt(request.user.debt_usdt),
          },
        );
        if (refused) throw new AppError(STATUS_OF_REFUSAL[refused.reason], refused.refusal);
        await app.fundPasswordGuard.check(request.user, input.password);
        const w = await requestWithdrawal(app.db.kysely, {
          userId: BigInt(request.user.id),
          address: normalizeEvmAddress(input.address),
          amount,
          now: Date.now(),
        });
        return ok({ ...w, amount: w.amount.toString(), withdrawUsdt: w.withdrawUsdt.toString() });
      },
    );
}
