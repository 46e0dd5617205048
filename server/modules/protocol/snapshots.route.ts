import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SNAPSHOT_RANGES, type SnapshotRange } from "../../../domain/snapshot-history";
import { ok } from "../../lib/envelope";
import { latestSnapshotPoint, snapshotSeries } from "./snapshot.service";

const querystring = z.strictObject({
  range: z.enum(Object.keys(SNAPSHOT_RANGES) as [SnapshotRange, ...SnapshotRange[]]).default("30d"),
});

/**
 * GET /base/api/protocol/snapshots?range=7d|30d|90d|max (public): the dashboard figures over
 * time, `{range, list: [{at, block, synthetic, marketCap, pexPrice, …}]}`, oldest first, at most
 * 400 points. Figures are 18-decimal base units as decimal strings; `synthetic: true` marks the
 * made-up demo history before the chain's first real snapshot.
 */
export default async function protocolSnapshotsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get("/protocol/snapshots", { schema: { querystring } }, async (request) => {
    const { range } = request.query;
    return ok(await snapshotSeries(app.db.kysely, range));
  });
  /**
   * GET /base/api/protocol/snapshots/latest (public): `{snapshot: {at, block, synthetic, …} | null}`,
   * the newest point only (a few hundred bytes), so the dashboard paints its figures at once.
   */
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/protocol/snapshots/latest", { schema: { querystring: z.strictObject({}) } }, async () =>
      ok(await latestSnapshotPoint(app.db.kysely)),
    );
}
