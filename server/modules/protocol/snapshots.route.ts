import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { latestSnapshotQuery, latestSnapshotReply, snapshotSeriesReply, snapshotsQuery } from "../../../domain/api/protocol";
import { ok } from "../../lib/envelope";
import { latestSnapshotPoint, snapshotSeries } from "./snapshot.service";

/**
 * GET /base/api/protocol/snapshots?range=7d|30d|90d|max (public): the dashboard figures over
 * time, `{range, list: [{at, block, synthetic, marketCap, pexPrice, …}]}`, oldest first, at most
 * 400 points. Figures are 18-decimal base units as decimal strings; `synthetic: true` marks the
 * made-up demo history before the chain's first real snapshot.
 */
export default async function protocolSnapshotsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/protocol/snapshots",
      { schema: { querystring: snapshotsQuery, response: replies(snapshotSeriesReply) } },
      async (request) => ok(await snapshotSeries(app.db.kysely, request.query.range)),
    );
  /**
   * GET /base/api/protocol/snapshots/latest (public): `{snapshot: {at, block, synthetic, …} | null}`,
   * the newest point only (a few hundred bytes), so the dashboard paints its figures at once.
   */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/protocol/snapshots/latest",
      { schema: { querystring: latestSnapshotQuery, response: replies(latestSnapshotReply) } },
      async () => ok(await latestSnapshotPoint(app.db.kysely)),
    );
}
