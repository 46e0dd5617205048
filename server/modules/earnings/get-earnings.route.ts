import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { earningsBody, earningsReply } from "../../../domain/api/earnings";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { earningsOf } from "./earnings.service";

/** POST /base/api/asset/earnings `{bucket?, points?}`: the aggregates behind the four earnings pages. */
export default async function getEarningsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/asset/earnings",
      { onRequest: authenticate, schema: { body: earningsBody, response: replies(earningsReply) } },
      async (request) => ok(await earningsOf(app.db.kysely, BigInt(request.user.id), request.body)),
    );
}
