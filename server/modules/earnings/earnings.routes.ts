import type { FastifyInstance } from "fastify";
import getEarningsRoute from "./get-earnings.route";

/** The earnings module's calls, registered under /base/api. */
export default async function earningsRoutes(api: FastifyInstance) {
  await api.register(getEarningsRoute);
}
