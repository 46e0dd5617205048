import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { shortenAddress } from "../../../domain/address";
import { ok } from "../../lib/envelope";
import { offsetOf, pageFields } from "../../lib/page-params";
import { requireUser } from "../../plugins/authenticate";
import { teamMembers } from "./team.repository";

const body = z.strictObject({ ...pageFields, level: z.number("level must be a whole number").int().min(1).max(1000).optional() });

/**
 * POST /base/api/user/teams `{page?, limit?, level?}` (signed in): team members by level, each
 * with shortened address, nickname, level (1 = direct), registration time and performance
 * (USDT principal of their own orders, micro-USDT string).
 */
export default async function teamsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post("/user/teams", { onRequest: requireUser, schema: { body } }, async (request) => {
    const q = request.body;
    const { list, total } = await teamMembers(app.db.kysely, BigInt(request.user.id), q.level, offsetOf(q), q.limit);
    return ok({
      list: list.map((m) => ({ ...m, address: shortenAddress(m.address), performance: m.performance.toString() })),
      total,
      page: q.page,
      limit: q.limit,
    });
  });
}
