import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noData, replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { emptyBody } from "../../lib/page-params";
import { authenticate } from "./authenticate.plugin";
import { deleteSession } from "./session.repository";

/** POST /base/api/user/logout: revokes the session of the `token` header. */
export default async function logoutRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/logout",
      { onRequest: authenticate, schema: { body: emptyBody, response: replies(noData) } },
      async (request) => {
        await deleteSession(app.db.kysely, request.tokenHash);
        return ok(null);
      },
    );
}
