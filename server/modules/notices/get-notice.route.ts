import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { noticeDetail } from "../../../domain/api/notices";
import { ok } from "../../lib/envelope";
import { emptyBody, idParam } from "../../lib/page-params";
import { optionalUser } from "../auth/optional-user.plugin";
import { readNotice } from "./notice.service";

/** POST /base/api/home/notice/{id}: one notice with its HTML (unsanitised, flagged); marks it read when signed in. */
export default async function getNoticeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/home/notice/:id",
      { preHandler: optionalUser, schema: { params: idParam, body: emptyBody, response: replies(noticeDetail) } },
      async (request) => {
        const { id } = request.params;
        const viewer = request.viewer ? BigInt(request.viewer.id) : null;
        return ok(await readNotice(app.db.kysely, viewer, id));
      },
    );
}
