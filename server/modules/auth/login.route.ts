import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { siweLogin } from "./siwe-login.service";

const body = z.strictObject({
  deviceId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, "deviceId must be letters, digits and dashes"),
  message: z.string().min(1).max(2000),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "signature must be a 65-byte hex string"),
});

/** POST /base/api/user/login: `{deviceId, message, signature}` → `{token, userInfo}`. */
export default async function loginRoute(app: FastifyInstance) {
  app.post("/user/login", { schema: { body }, config: { rateLimit: app.loginRateLimit } }, async (request) => {
    const input = request.body as z.infer<typeof body>;
    const result = await siweLogin(
      app.db.kysely,
      { domains: app.config.siweDomains, chainId: app.config.chainId, sessionTtlMs: app.config.sessionTtlMs },
      { deviceId: input.deviceId, message: input.message, signature: input.signature as `0x${string}` },
    );
    return ok(result);
  });
}
