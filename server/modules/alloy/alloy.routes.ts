import type { FastifyInstance } from "fastify";
import getAlloyRoute from "./get-alloy.route";

/** The alloy module's calls, registered under /base/api. */
export default async function alloyRoutes(api: FastifyInstance) {
  await api.register(getAlloyRoute);
}
