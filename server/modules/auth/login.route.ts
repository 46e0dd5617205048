import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createChainClient } from "../../lib/chain";
import { ok } from "../../lib/envelope";
import { siweLogin } from "./siwe-login.service";

const body = z.strictObject({
  deviceId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, "deviceId must be letters, digits and dashes"),
  message: z.string().min(1).max(2000),
  // 65 bytes from an ordinary account; a contract wallet's (ERC-1271, ERC-6492) may be longer.
  signature: z.string().regex(/^0x(?:[0-9a-fA-F]{2}){65,4096}$/, "signature must be a hex string of 65 to 4096 bytes"),
});

/** POST /base/api/user/login: `{deviceId, message, signature}` → `{token, userInfo}`. */
export default async function loginRoute(app: FastifyInstance) {
  // Asked only when a signature is not an ordinary account's: contract wallets sign with ERC-1271.
  const chain = createChainClient(app.config);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/user/login", { schema: { body }, config: { rateLimit: app.loginRateLimit } }, async (request) => {
      const input = request.body;
      const result = await siweLogin(
        app.db.kysely,
        {
          domains: app.config.siweDomains,
          origins: app.config.siweOrigins,
          chainId: app.config.chainId,
          sessionTtlMs: app.config.sessionTtlMs,
        },
        { deviceId: input.deviceId, message: input.message, signature: input.signature as `0x${string}` },
        Date.now(),
        chain,
      );
      return ok(result);
    });
}
