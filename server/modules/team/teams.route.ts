import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { shortenAddress } from "../../../domain/address";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { teamMember, teamsBody } from "../../../domain/api/team";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { authenticate } from "../auth/authenticate.plugin";
import { teamMembers } from "./team.repository";

/**
 * POST /base/api/user/teams `{page?, limit?, level?}` (signed in): team members by level, each
 * with shortened address, nickname, level (1 = direct), registration time and performance
 * (USDT principal of their own orders, micro-USDT string).
 */
export default async function teamsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/teams",
      { onRequest: authenticate, schema: { body: teamsBody, response: replies(pageOf(teamMember)) } },
      async (request) => {
        const q = request.body;
        const { list, total } = await teamMembers(app.db.kysely, BigInt(request.user.id), q.level, offsetOf(q), q.limit);
        return ok({
          list: list.map((m) => ({ ...m, address: shortenAddress(m.address), performance: m.performance.toString() })),
          total,
          page: q.page,
          limit: q.limit,
        });
      },
    );
}
