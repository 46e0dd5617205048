import { z } from "zod";
import { SNAPSHOT_FIGURES, SNAPSHOT_RANGES, type SnapshotFigure, type SnapshotRange } from "../snapshot-history";
import { amountString } from "./envelope";

/* The dashboard's recorded readings: `protocol/snapshots` and `protocol/snapshots/latest`. */

export const snapshotRange = z.enum(Object.keys(SNAPSHOT_RANGES) as [SnapshotRange, ...SnapshotRange[]]);

/** GET protocol/snapshots?range=7d|30d|90d|max. */
export const snapshotsQuery = z.strictObject({ range: snapshotRange.default("30d") });
/** GET protocol/snapshots/latest takes no query. */
export const latestSnapshotQuery = z.strictObject({});

// Each charted figure is an 18-decimal base-unit amount; the list of figures is the domain's one list.
const figures = Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, amountString])) as Record<SnapshotFigure, typeof amountString>;

/** One recorded point: time in ms, the block (0 in the synthetic history) and the figures as decimal strings. */
export const snapshot = z.object({
  at: z.number().int(),
  block: z.number().int(),
  /** Demo history made up before the first real snapshot (see ADR-0125). */
  synthetic: z.boolean(),
  ...figures,
  /** ETH price (18 decimals) and the protocol's pool share (basis points); null when not recorded. */
  ethPrice: amountString.nullable(),
  polShareBps: amountString.nullable(),
});
export type Snapshot = z.infer<typeof snapshot>;

/** The range's points, oldest first, at most 400. */
export const snapshotSeriesReply = z.object({ range: snapshotRange, list: z.array(snapshot) });
export type SnapshotSeries = z.infer<typeof snapshotSeriesReply>;

/** The newest point alone, or null before the first reading. */
export const latestSnapshotReply = z.object({ snapshot: snapshot.nullable() });
export type LatestSnapshot = z.infer<typeof latestSnapshotReply>;
