import type { FastifyInstance } from "fastify";
import { notFoundHandler } from "../../lib/error-handler";
import { mayReadMetrics } from "./metrics-access";

/**
 * GET /metrics (at the root, outside /base/api: the web server forwards only /base/api, so it is
 * never reachable through it): Prometheus text. Anyone not allowed gets the very 404 of an
 * unknown path, so the route does not show that it exists. Not in the API docs.
 */
export default async function getMetricsRoute(app: FastifyInstance) {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, app.config.metricsToken)) return notFoundHandler(request, reply);
    const { contentType, text } = await app.metrics.exposition();
    return reply.type(contentType).send(text);
  });
}
