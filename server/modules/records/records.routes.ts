import type { FastifyInstance } from "fastify";
import listRecordsRoute from "./list-records.route";

/** The records module's calls, registered under /base/api. */
export default async function recordsRoutes(api: FastifyInstance) {
  await api.register(listRecordsRoute);
}
