import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { teamInfo } from "../../../domain/api/team";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { teamSummary } from "./team.repository";

/**
 * GET /base/api/user/team/info (signed in): `{directCount, teamSize, teamPerformance}`; the team
 * is everyone below the user at any depth, its performance the USDT principal of their orders
 * (micro-USDT, a decimal string).
 */
export default async function teamInfoRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/user/team/info", { onRequest: authenticate, schema: { response: replies(teamInfo) } }, async (request) => {
      const s = await teamSummary(app.db.kysely, BigInt(request.user.id));
      return ok({ directCount: s.directCount, teamSize: s.teamSize, teamPerformance: s.performance.toString() });
    });
}
