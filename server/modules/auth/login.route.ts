import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginBody, loginReply } from "../../../domain/api/auth";
import { replies } from "../../../domain/api/envelope";
import { createChainClient } from "../../lib/chain";
import { ok } from "../../lib/envelope";
import { siweLogin } from "./siwe-login.service";

/** POST /base/api/user/login: `{deviceId, message, signature}` → `{token, userInfo}`. */
export default async function loginRoute(app: FastifyInstance) {
  // Asked only when a signature is not an ordinary account's: contract wallets sign with ERC-1271.
  const chain = createChainClient(app.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/login",
      { schema: { body: loginBody, response: replies(loginReply) }, config: { rateLimit: app.loginRateLimit } },
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
