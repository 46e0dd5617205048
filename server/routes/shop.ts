import type { FastifyInstance } from "fastify";

/** Products, orders, alloy, earnings, notices, and the operator calls for them. */
export default async function shopRoutes(_api: FastifyInstance) {
  // Route plugins of this area are registered here, one per API operation.
}
