import type { FastifyInstance } from "fastify";
import protocolFiguresRoute from "./figures.route";
import protocolSnapshotsRoute from "./snapshots.route";

/** The protocol module's calls, registered under /base/api. */
export default async function protocolRoutes(api: FastifyInstance) {
  await api.register(protocolSnapshotsRoute);
  await api.register(protocolFiguresRoute);
}
