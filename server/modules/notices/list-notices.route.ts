import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { noticeItem } from "../../../domain/api/notices";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { pageBody } from "../../lib/page-params";
import { optionalUser } from "../auth/optional-user.plugin";
import { listNotices } from "./notice.service";

/** POST /base/api/home/notices `{page?, limit?}`: published notices, newest first; `read` per item when signed in. */
export default async function listNoticesRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/home/notices",
      { preHandler: optionalUser, schema: { body: pageBody, response: replies(pageOf(noticeItem)) } },
      async (request) => {
        const viewer = request.viewer ? BigInt(request.viewer.id) : null;
        return ok(await listNotices(app.db.kysely, viewer, request.body));
      },
    );
}
