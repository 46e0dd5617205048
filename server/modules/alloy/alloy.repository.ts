import { sql, type Kysely } from "kysely";
import { alloyGrant } from "../../../domain/alloy";
import { spreadOverSlices } from "../../../domain/stock-slices";
import type { Database } from "../../db/schema";
import { reusableQuery } from "../../lib/reusable-query";

type Q = Kysely<Database>;

const takeWholeQuery = reusableQuery((db, material: number, pieces: bigint) =>
  db
    .updateTable("alloy_pool_slices")
    .set({ remaining: sql`remaining - ${pieces}` })
    .where("material", "=", material)
    .where(
      "slice",
      "=",
      db
        .selectFrom("alloy_pool_slices")
        .select("slice")
        .where("material", "=", material)
        .where("remaining", ">=", pieces)
        .orderBy("slice")
        .limit(1),
    )
    .where("remaining", ">=", pieces),
);

/**
 * Takes up to `pieces` from the shared pool of `material` and answers how many it got. The pool
 * is in slices (domain/stock-slices.ts): the usual case is one conditional UPDATE of a slice
 * that holds the whole grant; otherwise the grant is gathered slice by slice, each taken with a
 * compare-and-set on the amount read, so concurrent grants never overdraw the pool and one that
 * finds it nearly dry gets what is left. (The API's orders on PostgreSQL do this in
 * `place_order`, migration 0009.)
 */
export async function takeFromAlloyPool(trx: Q, material: number, pieces: bigint): Promise<bigint> {
  if (pieces <= 0n) return 0n;
  const whole = await takeWholeQuery(trx, material, pieces);
  if ((whole.numAffectedRows ?? 0n) > 0n) return pieces;
  let granted = 0n;
  for (;;) {
    const slices = await trx
      .selectFrom("alloy_pool_slices")
      .select(["slice", "remaining"])
      .where("material", "=", material)
      .where("remaining", ">", 0n)
      .orderBy("slice")
      .execute();
    if (slices.length === 0) return granted;
    for (const s of slices) {
      const remaining = BigInt(s.remaining);
      const take = alloyGrant(pieces - granted, remaining);
      const taken = await trx
        .updateTable("alloy_pool_slices")
        .set({ remaining: sql`remaining - ${take}` })
        .where("material", "=", material)
        .where("slice", "=", s.slice)
        .where("remaining", "=", remaining)
        .executeTakeFirst();
      if (taken.numUpdatedRows > 0n) granted += take;
      if (granted === pieces) return granted;
    }
  }
}

const addQuery = reusableQuery((db, userId: bigint, material: number, pieces: bigint) =>
  db
    .insertInto("user_alloy")
    .values({ user_id: userId, material, pieces })
    .onConflict((oc) => oc.columns(["user_id", "material"]).doUpdateSet({ pieces: sql`user_alloy.pieces + excluded.pieces` })),
);

export async function addUserAlloy(trx: Q, userId: bigint, material: number, pieces: bigint): Promise<void> {
  await addQuery(trx, userId, material, pieces);
}

export function userAlloyPieces(db: Q, userId: bigint) {
  return db.selectFrom("user_alloy").select(["material", "pieces"]).where("user_id", "=", userId).execute();
}

/** What is left of each material's pool. */
export function alloyPool(db: Q) {
  return db
    .selectFrom("alloy_pool_slices")
    .select((eb) => ["material", eb.fn.sum<number | bigint | string>("remaining").as("remaining")])
    .groupBy("material")
    .execute();
}

/** Sets what is left of `material`'s pool (an operator's restock; tests), spread over its slices. */
export async function setAlloyPool(db: Q, material: number, remaining: bigint): Promise<void> {
  const rows = spreadOverSlices(remaining).map((r, slice) => ({ material, slice, remaining: r }));
  await db
    .insertInto("alloy_pool_slices")
    .values(rows)
    .onConflict((oc) => oc.columns(["material", "slice"]).doUpdateSet({ remaining: (eb) => eb.ref("excluded.remaining") }))
    .execute();
}
