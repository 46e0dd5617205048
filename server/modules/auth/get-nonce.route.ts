import type { FastifyInstance } from "fastify";
import { generateSiweNonce } from "viem/siwe";
import { ok } from "../../lib/envelope";
import { deleteExpiredNonces, insertNonce } from "./nonce.repository";

/** GET /base/api/user/nonce: a one-time nonce for the next Sign-In with Ethereum message. */
export default async function getNonceRoute(app: FastifyInstance) {
  app.get("/user/nonce", { config: { rateLimit: app.loginRateLimit } }, async () => {
    const now = Date.now();
    const nonce = generateSiweNonce();
    const expiresAt = now + app.config.nonceTtlMs;
    await insertNonce(app.db.kysely, nonce, expiresAt);
    // Housekeeping on the side: about one request in fifty sweeps expired nonces.
    if (Math.random() < 0.02) await deleteExpiredNonces(app.db.kysely, now);
    return ok({ nonce, expiresAt });
  });
}
