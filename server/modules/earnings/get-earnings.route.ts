import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { earningsOf } from "./earnings.service";

const body = z.strictObject({
  bucket: z.enum(["day", "week"], { error: 'bucket must be "day" or "week"' }).default("day"),
  points: z
    .number()
    .int("points must be a whole number")
    .min(1, "points must be at least 1")
    .max(366, "points must be at most 366")
    .default(30),
});

/** POST /base/api/asset/earnings `{bucket?, points?}`: the aggregates behind the four earnings pages. */
export default async function getEarningsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/asset/earnings", { onRequest: requireUser, schema: { body } }, async (request) => {
      return ok(await earningsOf(app.db.kysely, BigInt(request.user.id), request.body));
    });
}
