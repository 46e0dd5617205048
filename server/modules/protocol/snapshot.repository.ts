import type { Kysely, Selectable } from "kysely";
import { SNAPSHOT_FIGURES, type SnapshotFigure, type SnapshotPoint } from "../../../domain/snapshot-history";
import type { Database } from "../../db/schema";

/** Figure name → column. */
const COLUMN: Record<SnapshotFigure, keyof Database["protocol_snapshots"]> = {
  marketCap: "market_cap",
  pexPrice: "pex_price",
  backingPerPex: "backing_per_pex",
  pexTotalSupply: "pex_total_supply",
  winPrice: "win_price",
  winVault: "win_vault",
  win1Price: "win1_price",
  win1Vault: "win1_vault",
  treasury1Value: "treasury1_value",
  treasury2Value: "treasury2_value",
  totalDepositedPex: "total_deposited_pex",
  polLiquidity: "pol_liquidity",
  polValue: "pol_value",
};

export async function insertSnapshots(db: Kysely<Database>, genesisHash: string, points: readonly SnapshotPoint[]) {
  // Batches keep PostgreSQL's parameter limit far away (360 synthetic points × 17 columns).
  for (let i = 0; i < points.length; i += 200) {
    const rows = points.slice(i, i + 200).map((p) => {
      const row: Record<string, unknown> = {
        genesis_hash: genesisHash,
        taken_at: BigInt(p.takenAt),
        block_number: p.blockNumber,
        synthetic: p.synthetic ? 1 : 0,
        eth_price: p.ethPrice?.toString() ?? null,
        pol_share_bps: p.polShareBps?.toString() ?? null,
      };
      for (const f of SNAPSHOT_FIGURES) row[COLUMN[f]] = p.figures[f].toString();
      return row as never;
    });
    await db.insertInto("protocol_snapshots").values(rows).execute();
  }
}

/** Whether this chain already has a real (non-synthetic) snapshot. */
export async function hasRealSnapshot(db: Kysely<Database>, genesisHash: string): Promise<boolean> {
  const row = await db
    .selectFrom("protocol_snapshots")
    .select("id")
    .where("genesis_hash", "=", genesisHash)
    .where("synthetic", "=", 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Snapshots of another chain (a redeployed local chain) are history of nothing: removed. */
export async function deleteOtherChains(db: Kysely<Database>, genesisHash: string): Promise<void> {
  await db.deleteFrom("protocol_snapshots").where("genesis_hash", "<>", genesisHash).execute();
}

/** The newest chain's snapshots since `since` (ms), oldest first. */
export async function listSnapshots(db: Kysely<Database>, since: number | null): Promise<SnapshotPoint[]> {
  const latest = await db
    .selectFrom("protocol_snapshots")
    .select("genesis_hash")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) return [];
  let q = db.selectFrom("protocol_snapshots").selectAll().where("genesis_hash", "=", latest.genesis_hash);
  if (since !== null) q = q.where("taken_at", ">=", BigInt(since));
  const rows = await q.orderBy("taken_at", "asc").orderBy("id", "asc").execute();
  return rows.map(toPoint);
}

/** The newest snapshot of the newest chain (what the dashboard paints before its chain read), or null. */
export async function latestSnapshot(db: Kysely<Database>): Promise<SnapshotPoint | null> {
  const row = await db.selectFrom("protocol_snapshots").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst();
  return row ? toPoint(row) : null;
}

function toPoint(r: Selectable<Database["protocol_snapshots"]>): SnapshotPoint {
  return {
    takenAt: Number(r.taken_at),
    blockNumber: BigInt(r.block_number),
    synthetic: Number(r.synthetic) === 1,
    figures: Object.fromEntries(SNAPSHOT_FIGURES.map((f) => [f, BigInt(r[COLUMN[f]] as string)])) as SnapshotPoint["figures"],
    ethPrice: r.eth_price === null ? null : BigInt(r.eth_price),
    polShareBps: r.pol_share_bps === null ? null : BigInt(r.pol_share_bps),
  };
}
