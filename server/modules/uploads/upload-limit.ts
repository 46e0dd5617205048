import type { FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";
import type { PerUserLimit } from "../user/per-user-limit";

/** preHandler (after `requireUser`): one shared per-user budget for every upload call. */
export const limitUploads = (limiter: PerUserLimit) => async (request: FastifyRequest) => {
  const wait = limiter.take(String(request.user.id));
  if (wait > 0) throw new AppError(429, `Too many uploads; try again in ${Math.ceil(wait / 1000)} s`);
};
