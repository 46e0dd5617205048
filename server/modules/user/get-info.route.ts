import type { FastifyInstance } from "fastify";
import { replies } from "../../../domain/api/envelope";
import { userInfo } from "../../../domain/api/user";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { sessionUserInfo, toUserInfo } from "./user.service";

/**
 * GET /base/api/user/info: the signed-in user's info (specification §3) plus address and inviter.
 * The app asks for it on every launch: when the session lookup brought everything (always, on
 * SQLite), it answers without a promise (ADR-0180, "Hot reads against a bare route").
 */
export default async function getInfoRoute(app: FastifyInstance) {
  app.get("/user/info", { onRequest: authenticate, schema: { response: replies(userInfo) } }, (request) => {
    const info = sessionUserInfo(request.user);
    return info ? ok(info) : toUserInfo(app.db.kysely, request.user).then(ok);
  });
}
