import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { shortenAddress } from "../../../domain/address";
import { ok } from "../../lib/envelope";
import { offsetOf, pageFields } from "../../lib/page-params";
import { requireUser } from "../../plugins/authenticate";
import { bindingStatuses } from "../invites/chain-invites.repository";
import { directInvitees } from "./team.repository";

const params = z.strictObject({
  param: z.string().regex(/^[1-9]\d{0,5}$/, "the page in the path must be a whole number from 1"),
});
const querystring = z.strictObject({ limit: pageFields.limit });

/**
 * GET /base/api/user/invite/records/{page}?limit= (signed in): the people the user invited
 * directly, newest first, with shortened address, nickname, registration time and whether the
 * pair is bound in the DAO's tree on chain yet (`onChain`; the invite binder does it).
 */
export default async function inviteRecordsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/user/invite/records/:param", { onRequest: requireUser, schema: { params, querystring } }, async (request) => {
      const page = Number(request.params.param);
      const { limit } = request.query;
      const { rows, total } = await directInvitees(app.db.kysely, BigInt(request.user.id), offsetOf({ page, limit }), limit);
      const statuses = await bindingStatuses(
        app.db.kysely,
        rows.map((r) => BigInt(r.id)),
      );
      const list = rows.map((r) => ({
        address: shortenAddress(r.address),
        nickname: r.nickname,
        registeredAt: Number(r.registered_at ?? r.created_at),
        onChain: statuses.get(BigInt(r.id)) === "bound",
      }));
      return ok({ list, total, page, limit });
    });
}
