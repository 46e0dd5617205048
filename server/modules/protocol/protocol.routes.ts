import type { FastifyInstance } from "fastify";
import { createProtocolFiguresSource } from "./figures.source";
import protocolFiguresRoute from "./figures.route";
import myFiguresRoute from "./my-figures.route";
import protocolSnapshotsRoute from "./snapshots.route";

/** The protocol module's calls, registered under /base/api. */
export default async function protocolRoutes(api: FastifyInstance) {
  const source = createProtocolFiguresSource(api);
  await api.register(protocolSnapshotsRoute);
  await api.register(protocolFiguresRoute, { source });
  await api.register(myFiguresRoute, { source });
}
