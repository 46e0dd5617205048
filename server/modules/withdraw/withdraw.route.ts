import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { normalizeEvmAddress } from "../../../domain/evm-address";
import { MINOR_AMOUNT_PATTERN } from "../../../domain/usdt-amount";
import { WITHDRAW_NETWORK, withdrawRefusal } from "../../../domain/withdraw-rules";
import { ok } from "../../lib/envelope";
import { AppError } from "../../lib/errors";
import { requireUser } from "../../plugins/authenticate";
import { limitPerUser, perUserPerMinute } from "../../lib/per-user-limit";
import { requestWithdrawal } from "./withdraw.service";

const body = z.strictObject({
  /**
   * Network (specification §9): 2 = BSC BEP20, 3 = TRON TRC20 (refused). Optional: the shop's
   * form of §7 sends only address, amount and password, and BSC is the one network paid.
   */
  type: z.number().int().min(1).max(99).default(WITHDRAW_NETWORK.BSC),
  // Any text here, so TRON is refused with the specification's message before the address is judged.
  address: z.string().min(1).max(128),
  /** micro-USDT, a positive integer as a decimal string. */
  amount: z.string().regex(MINOR_AMOUNT_PATTERN, "amount must be a positive whole number of micro-USDT, as a string"),
  password: z.string().min(1).max(128),
});

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
    .post("/asset/withdraw", { schema: { body }, onRequest: requireUser, preHandler: limit }, async (request) => {
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
      return ok(
        await requestWithdrawal(app.db.kysely, {
          userId: BigInt(request.user.id),
          address: normalizeEvmAddress(input.address),
          amount,
          now: Date.now(),
        }),
      );
    });
}
