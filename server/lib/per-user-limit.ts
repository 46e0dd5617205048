import type { FastifyRequest } from "fastify";
import type { Db } from "../db/database";
import { DbRateLimiter } from "./db-rate-limiter";
import type { RefusalKey, RefusalParamName } from "../../domain/refusals";
import { tooManyRequests } from "./errors";

/**
 * A per-user budget of calls per minute, kept in the database (so shared by every server
 * process) under `name`: limiters of one name share their counts.
 */
export function perUserPerMinute(db: Db, name: string, max: number): DbRateLimiter {
  return DbRateLimiter.create(db, { name, points: max, windowSeconds: 60 });
}

/**
 * preHandler (after `authenticate`): one call of the signed-in user's budget, or 429 `tooMany`
 * with the seconds to wait. Refused calls count too, so hammering does not reopen the window.
 */
export const limitPerUser = (limiter: DbRateLimiter, tooMany: TooManyKey) => async (request: FastifyRequest) => {
  const waitMs = await limiter.take(String(request.user.id));
  if (waitMs > 0) throw tooManyRequests(tooMany, { seconds: Math.ceil(waitMs / 1000) });
};

/** The refusals whose one param is `seconds` (the wait); both ways, since `never` (no params) extends anything. */
type TooManyKey = {
  [K in RefusalKey]: [RefusalParamName<K>] extends ["seconds"] ? (["seconds"] extends [RefusalParamName<K>] ? K : never) : never;
}[RefusalKey];
