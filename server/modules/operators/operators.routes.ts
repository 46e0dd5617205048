import type { FastifyInstance } from "fastify";
import changeRoleRoutes from "./change-role.route";
import listAuditRoute from "./list-audit.route";
import listRolesRoute from "./list-roles.route";
import meRoute from "./me.route";

/** The operators module's calls (who operates, the audit), registered under /base/api. */
export default async function operatorsRoutes(api: FastifyInstance) {
  await api.register(meRoute);
  await api.register(listRolesRoute);
  await api.register(changeRoleRoutes);
  await api.register(listAuditRoute);
}
