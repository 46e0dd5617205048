import type { FastifyInstance } from "fastify";
import { generateSiweNonce } from "viem/siwe";
import { nonceReply } from "../../../domain/api/auth";
import { replies } from "../../../domain/api/envelope";
import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { ok } from "../../lib/envelope";
import { insertNonce } from "./nonce.repository";
import { limitSignIn } from "./sign-in-limit";

/**
 * GET /base/api/user/nonce: a one-time nonce for the next Sign-In with Ethereum message, with
 * when it was issued and expires (server clock, ms): the message's `issuedAt` must lie between
 * them, so the web app dates its message with `issuedAt` rather than the device's clock.
 * Expired nonces are swept by the session clean-up job.
 */
export default async function getNonceRoute(app: FastifyInstance, opts: { limiter: DbRateLimiter }) {
  app.get("/user/nonce", { onRequest: limitSignIn(opts.limiter), schema: { response: replies(nonceReply) } }, async () => {
    const issuedAt = Date.now();
    const nonce = generateSiweNonce();
    const expiresAt = issuedAt + app.config.nonceTtlMs;
    await insertNonce(app.db.kysely, nonce, issuedAt, expiresAt);
    return ok({ nonce, issuedAt, expiresAt });
  });
}
