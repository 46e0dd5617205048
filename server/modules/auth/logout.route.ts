import type { FastifyInstance } from "fastify";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { deleteSession } from "./session.repository";

/** POST /base/api/user/logout: revokes the session of the `token` header. */
export default async function logoutRoute(app: FastifyInstance) {
  app.post("/user/logout", { onRequest: requireUser }, async (request) => {
    await deleteSession(app.db.kysely, request.tokenHash);
    return ok(null);
  });
}
