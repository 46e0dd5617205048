import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginBody, loginReply } from "../../../domain/api/auth";
import { replies } from "../../../domain/api/envelope";
import { createChainClient } from "../../lib/chain";
import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { ok } from "../../lib/envelope";
import { limitSignIn } from "./sign-in-limit";
import { siweLogin } from "./siwe-login.service";

/** POST /base/api/user/login: `{deviceId, message, signature}` → `{token, userInfo}`. */
export default async function loginRoute(app: FastifyInstance, opts: { limiter: DbRateLimiter }) {
  // Asked only when a signature is not an ordinary account's: contract wallets sign with ERC-1271.
  const chain = createChainClient(app.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/login",
      { onRequest: limitSignIn(opts.limiter), schema: { body: loginBody, response: replies(loginReply) } },
      async (request) => {
        const input = request.body;
        const result = await siweLogin(
          app.db.kysely,
          {
            domains: app.config.siweDomains,
            origins: app.config.siweOrigins,
            chainId: app.config.chainId,
            sessionTtlMs: app.config.sessionTtlMs,
          },
          { deviceId: input.deviceId, message: input.message, signature: input.signature },
          Date.now(),
          chain,
        );
        return ok(result);
      },
    );
}
