import type { FastifyInstance } from "fastify";
import transferRoute from "./transfer.route";

/** The transfer module's calls, registered under /base/api. */
export default async function transferRoutes(api: FastifyInstance) {
  await api.register(transferRoute);
}
