import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { registerBody, registerReply } from "../../../domain/api/register";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { chainInviterLookup } from "../invites/chain-inviter.service";
import { toUserInfo } from "../user/user.service";
import { registerUser } from "./register.service";

/**
 * POST /base/api/user/register `{invitationCode?, email, code, fundPassword}` (signed in): binds
 * inviter, email (with its `register` code) and fund password to the address; answers user info
 * and how the inviter was chosen: `inviterFromChain` when the address was already bound in the
 * DAO's tree on chain (its inviter there wins), `codeOverridden` when the form's code was
 * therefore not used. 503 while a configured chain cannot be read.
 */
export default async function registerRoute(app: FastifyInstance) {
  const chainInviterOf = chainInviterLookup(app.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/register",
      { onRequest: authenticate, schema: { body: registerBody, response: replies(registerReply) } },
      async (request) => {
        const input = request.body;
        const result = await registerUser(
          app.db,
          request.user,
          {
            invitationCode: input.invitationCode || null,
            email: input.email,
            code: input.code,
            fundPassword: input.fundPassword,
          },
          chainInviterOf,
        );
        return ok({
          ...(await toUserInfo(app.db.kysely, result.user)),
          inviterFromChain: result.inviterFromChain,
          codeOverridden: result.codeOverridden,
        });
      },
    );
}
