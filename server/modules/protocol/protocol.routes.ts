import type { FastifyInstance } from "fastify";
import protocolSnapshotsRoute from "./snapshots.route";

/** The protocol module's calls, registered under /base/api. */
export default async function protocolRoutes(api: FastifyInstance) {
  await api.register(protocolSnapshotsRoute);
}
