import type { FastifyInstance } from "fastify";
import getInfoRoute from "./get-info.route";

/** The user module's calls, registered under /base/api. */
export default async function userRoutes(api: FastifyInstance) {
  await api.register(getInfoRoute);
}
