import type { FastifyInstance } from "fastify";

/** Registration, profile, codes, identity and bank applications, uploads, addresses, cities, team. */
export default async function accountsRoutes(_api: FastifyInstance) {
  // Route plugins of this area are registered here, one per API operation.
}
