import type { FastifyInstance } from "fastify";
import { readinessReplies } from "../../../domain/api/health";
import { refusal } from "../../../domain/refusals";
import { createChainClient } from "../../lib/chain";
import { ok, refusalTo } from "../../lib/envelope";
import { checkReadiness } from "./readiness.service";

/**
 * GET /base/api/ready: 200 when this process can serve (database, migrations, chain when
 * configured), else 503 `api.notReady`; both carry each check and the jobs this process holds.
 * No session and no limit: load balancers call it every few seconds.
 */
export default async function getReadyRoute(app: FastifyInstance) {
  const chain = createChainClient(app.config);
  app.get("/ready", { schema: { response: readinessReplies } }, async (request, reply) => {
    const { ready, report } = await checkReadiness({
      db: app.db,
      config: app.config,
      chain,
      heldJobs: app.heldJobs,
      log: request.log,
    });
    if (ready) return ok(report);
    return reply.code(503).send({ ...refusalTo(request, reply, 503, refusal("api.notReady")), data: report });
  });
}
