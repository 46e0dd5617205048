import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { forgetFundPasswordBody } from "../../../domain/api/account-fields";
import { resetFundPassword } from "./profile.service";

/**
 * POST /base/api/home/forget `{email, code, fundPassword}` (public, like the find-password page):
 * a new fund password with a `forget` code mailed to the account's email. It ends a lockout
 * of the fund-password guard: the mailed code proves the owner.
 */
export default async function forgetFundPasswordRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/home/forget", { schema: { body: forgetFundPasswordBody, response: replies(z.null()) } }, async (request) => {
      await resetFundPassword(app.db.kysely, app.fundPasswordGuard, request.body);
      return ok(null);
    });
}
