import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { shortenAddress } from "../../../domain/address";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { inviteRecord, inviteRecordsParams, inviteRecordsQuery } from "../../../domain/api/team";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { authenticate } from "../auth/authenticate.plugin";
import { bindingStatuses } from "../invites/chain-invites.repository";
import { directInvitees } from "./team.repository";

/**
 * GET /base/api/user/invite/records/{page}?limit= (signed in): the people the user invited
 * directly, newest first, with shortened address, nickname, registration time and whether the
 * pair is bound in the DAO's tree on chain yet (`onChain`; the invite binder does it).
 */
export default async function inviteRecordsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/user/invite/records/:param",
    {
      onRequest: authenticate,
      schema: { params: inviteRecordsParams, querystring: inviteRecordsQuery, response: replies(pageOf(inviteRecord)) },
    },
    async (request) => {
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
    },
  );
}
