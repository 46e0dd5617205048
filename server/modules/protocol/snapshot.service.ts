import type { Kysely, Transaction } from "kysely";
import type { LatestSnapshot, Snapshot, SnapshotSeries } from "../../../domain/api/protocol";
import {
  SNAPSHOT_FIGURES,
  SNAPSHOT_RANGES,
  type SnapshotFigure,
  type SnapshotPoint,
  type SnapshotRange,
  downsample,
  syntheticHistory,
} from "../../../domain/snapshot-history";
import type { Database } from "../../db/schema";
import { deleteOtherChains, hasRealSnapshot, insertSnapshots, latestSnapshot, listSnapshots } from "./snapshot.repository";

/** A chart needs no more points than a phone has pixels across. */
export const MAX_POINTS = 400;

/**
 * Records one real reading, in the caller's transaction. The first real reading of a chain also
 * writes the 90 days of synthetic demo history before it, and forgets other chains' snapshots.
 */
export async function recordSnapshotInTrx(
  trx: Transaction<Database>,
  genesisHash: string,
  point: SnapshotPoint,
): Promise<{ synthetic: number }> {
  await deleteOtherChains(trx, genesisHash);
  let synthetic = 0;
  if (!(await hasRealSnapshot(trx, genesisHash))) {
    const history = syntheticHistory(point, genesisHash);
    await insertSnapshots(trx, genesisHash, history);
    synthetic = history.length;
  }
  await insertSnapshots(trx, genesisHash, [{ ...point, synthetic: false }]);
  return { synthetic };
}

/**
 * API object: figures as decimal strings (18-decimal base units), time in ms, block as a number;
 * `ethPrice` (18 decimals) and `polShareBps` as decimal strings or null when not recorded.
 */
function toApi(p: SnapshotPoint): Snapshot {
  const figures = Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, p.figures[f].toString()])) as Record<SnapshotFigure, string>;
  return {
    at: p.takenAt,
    block: Number(p.blockNumber),
    synthetic: p.synthetic,
    ...figures,
    ethPrice: p.ethPrice?.toString() ?? null,
    polShareBps: p.polShareBps?.toString() ?? null,
  };
}

export async function snapshotSeries(db: Kysely<Database>, range: SnapshotRange, now = Date.now()): Promise<SnapshotSeries> {
  const span = SNAPSHOT_RANGES[range];
  const points = await listSnapshots(db, span === null ? null : now - span);
  return { range, list: downsample(points, MAX_POINTS).map(toApi) };
}

/** The newest reading alone: the dashboard's first paint, before its own chain read answers. */
export async function latestSnapshotPoint(db: Kysely<Database>): Promise<LatestSnapshot> {
  const point = await latestSnapshot(db);
  return { snapshot: point ? toApi(point) : null };
}
