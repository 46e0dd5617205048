import type { FastifyInstance } from "fastify";
import adminRunSettlementRoute from "./admin-run-settlement.route";

/** The settlement module's calls, registered under /base/api. */
export default async function settlementRoutes(api: FastifyInstance) {
  await api.register(adminRunSettlementRoute);
}
