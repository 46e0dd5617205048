import { sql, type Kysely } from "kysely";
import { alloyGrant } from "../../../domain/alloy";
import type { Database } from "../../db/schema";
import { reusableQuery } from "../../lib/reusable-query";

type Q = Kysely<Database>;

const takeWholeQuery = reusableQuery((db, material: number, pieces: bigint) =>
  db
    .updateTable("alloy_stock")
    .set({ remaining: sql`remaining - ${pieces}` })
    .where("material", "=", material)
    .where("remaining", ">=", pieces),
);

/**
 * Takes up to `pieces` from the shared pool of `material` and answers how many it got. The
 * usual case is one conditional UPDATE; when the pool holds fewer than asked, the rest is
 * taken with a compare-and-set on the amount read, so concurrent grants never overdraw it.
 */
export async function takeFromAlloyPool(trx: Q, material: number, pieces: bigint): Promise<bigint> {
  if (pieces <= 0n) return 0n;
  const whole = await takeWholeQuery(trx, material, pieces);
  if ((whole.numAffectedRows ?? 0n) > 0n) return pieces;
  for (;;) {
    const row = await trx.selectFrom("alloy_stock").select("remaining").where("material", "=", material).executeTakeFirst();
    const granted = alloyGrant(pieces, row ? BigInt(row.remaining) : 0n);
    if (granted === 0n) return 0n;
    const taken = await trx
      .updateTable("alloy_stock")
      .set({ remaining: sql`remaining - ${granted}` })
      .where("material", "=", material)
      .where("remaining", "=", granted)
      .executeTakeFirst();
    if (taken.numUpdatedRows > 0n) return granted;
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

export function alloyPool(db: Q) {
  return db.selectFrom("alloy_stock").select(["material", "remaining"]).execute();
}
