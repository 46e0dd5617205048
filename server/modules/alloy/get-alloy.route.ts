import type { FastifyInstance } from "fastify";
import { alloySummaryReply } from "../../../domain/api/alloy";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { alloySummary } from "./alloy.service";

/** GET /base/api/user/alloy: the signed-in user's alloy pieces and the pool left, per material. */
export default async function getAlloyRoute(app: FastifyInstance) {
  app.get("/user/alloy", { onRequest: authenticate, schema: { response: replies(alloySummaryReply) } }, async (request) =>
    ok(await alloySummary(app.db.kysely, BigInt(request.user.id))),
  );
}
