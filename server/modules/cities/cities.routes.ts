import type { FastifyInstance } from "fastify";
import cityListRoute from "./city-list.route";

/** The cities module's calls, registered under /base/api. */
export default async function citiesRoutes(api: FastifyInstance) {
  await api.register(cityListRoute);
}
