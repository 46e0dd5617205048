import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { limitPerUser } from "../../lib/per-user-limit";

/** preHandler (after `authenticate`): one shared per-user budget for every upload call. */
export const limitUploads = (limiter: DbRateLimiter) => limitPerUser(limiter, "upload.tooMany");
