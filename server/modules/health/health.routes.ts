import type { FastifyInstance } from "fastify";
import getHealthRoute from "./get-health.route";
import getReadyRoute from "./get-ready.route";

/** The probes, registered under /base/api. */
export default async function healthRoutes(api: FastifyInstance) {
  await api.register(getHealthRoute);
  await api.register(getReadyRoute);
}
