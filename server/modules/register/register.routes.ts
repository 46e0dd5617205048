import type { FastifyInstance } from "fastify";
import registerRoute from "./register.route";

/** The register module's calls, registered under /base/api. */
export default async function registerRoutes(api: FastifyInstance) {
  await api.register(registerRoute);
}
