import type { FastifyInstance } from "fastify";
import adminUsersRoutes from "./admin-users.route";
import getInfoRoute from "./get-info.route";

/** The user module's calls, registered under /base/api. */
export default async function userRoutes(api: FastifyInstance) {
  await api.register(getInfoRoute);
  await api.register(adminUsersRoutes);
}
