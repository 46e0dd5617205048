import type { FastifyInstance } from "fastify";
import listAuditRoute from "./list-audit.route";

/** The operators module's calls (who operates, the audit), registered under /base/api. */
export default async function operatorsRoutes(api: FastifyInstance) {
  await api.register(listAuditRoute);
}
