import type { FastifyInstance } from "fastify";
import { replies } from "../../../domain/api/envelope";
import { userInfo } from "../../../domain/api/user";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { toUserInfo } from "./user.service";

/** GET /base/api/user/info: the signed-in user's info (specification §3) plus address and inviter. */
export default async function getInfoRoute(app: FastifyInstance) {
  app.get("/user/info", { onRequest: requireUser, schema: { response: replies(userInfo) } }, async (request) =>
    ok(await toUserInfo(app.db.kysely, request.user)),
  );
}
