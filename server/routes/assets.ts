import type { FastifyInstance } from "fastify";

/** Asset records, transfer, withdraw, chain recharge, and the operator calls for withdrawals. */
export default async function assetsRoutes(_api: FastifyInstance) {
  // Route plugins of this area are registered here, one per API operation.
}
