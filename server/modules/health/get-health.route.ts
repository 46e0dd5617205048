import type { FastifyInstance } from "fastify";
import { healthReplies } from "../../../domain/api/health";
import { ok } from "../../lib/envelope";

/**
 * GET /base/api/health: the process is alive and serving HTTP. It touches nothing else, so a
 * liveness probe never restarts a process only because the database or the node is slow.
 */
export default async function getHealthRoute(app: FastifyInstance) {
  app.get("/health", { schema: { response: healthReplies } }, async () => ok({ status: "ok" as const }));
}
