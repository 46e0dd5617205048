import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/database";
import { DbRateLimiter } from "../../lib/db-rate-limiter";
import { tooManyRequests } from "../../lib/errors";

/**
 * A sign-in call's budget per client address (`nonce` and `login` each have their own, as they
 * had before the limit moved to the database), kept in the database: every API process over it
 * counts the same calls, so N replicas do not give a client N budgets.
 */
export function signInLimiter(db: Db, call: "nonce" | "login", perMinute: number): DbRateLimiter {
  return DbRateLimiter.create(db, { name: call, points: perMinute, windowSeconds: 60 });
}

/**
 * onRequest hook: one call of the client's budget, or 429 `api.tooManyRequests` with the seconds
 * to wait (also as Retry-After). It runs before the body is read, so a refused login costs no
 * parsing; refused calls count too, so hammering does not reopen the window.
 */
export const limitSignIn = (limiter: DbRateLimiter) => async (request: FastifyRequest, reply: FastifyReply) => {
  const waitMs = await limiter.take(request.ip);
  if (waitMs <= 0) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header("retry-after", seconds);
  throw tooManyRequests("api.tooManyRequests", { seconds });
};
