import { z } from "zod";

/**
 * A body the client may leave out: Fastify hands the validator `null` (not undefined) for a POST
 * without one, so `.optional()` and `.prefault({})` alone would refuse it.
 */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);
