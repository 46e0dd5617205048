import type { Kysely, Selectable } from "kysely";
import type { AddressesTable, Database } from "../../db/schema";

type Q = Kysely<Database>;
export type AddressRow = Selectable<AddressesTable>;

export interface AddressFields {
  receiver: string;
  phone: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  regionText: string;
  detail: string;
}

const columns = (f: AddressFields) => ({
  receiver: f.receiver,
  phone: f.phone,
  province_code: f.provinceCode,
  city_code: f.cityCode,
  district_code: f.districtCode,
  region_text: f.regionText,
  detail: f.detail,
});

/** The default address first, then the newest. */
export async function listAddresses(db: Q, userId: bigint, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("addresses")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("is_default", "desc")
      .orderBy("id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    countAddresses(db, userId),
  ]);
  return { rows, total };
}

export async function countAddresses(db: Q, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom("addresses")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Scoped by owner: another user's id finds nothing, exactly like an id that does not exist. */
export function findOwnAddress(db: Q, userId: bigint, id: bigint): Promise<AddressRow | undefined> {
  return db.selectFrom("addresses").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

export async function clearDefault(db: Q, userId: bigint): Promise<void> {
  await db.updateTable("addresses").set({ is_default: 0 }).where("user_id", "=", userId).where("is_default", "=", 1).execute();
}

export function insertAddress(db: Q, userId: bigint, f: AddressFields, isDefault: boolean, now: number): Promise<AddressRow> {
  return db
    .insertInto("addresses")
    .values({ user_id: userId, ...columns(f), is_default: isDefault ? 1 : 0, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAddress(
  db: Q,
  userId: bigint,
  id: bigint,
  f: AddressFields,
  isDefault: boolean,
  now: number,
): Promise<AddressRow> {
  return db
    .updateTable("addresses")
    .set({ ...columns(f), is_default: isDefault ? 1 : 0, updated_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAddress(db: Q, userId: bigint, id: bigint): Promise<void> {
  await db.deleteFrom("addresses").where("id", "=", id).where("user_id", "=", userId).execute();
}

/** Makes the newest remaining address the default (after the default one was deleted). */
export async function promoteNewest(db: Q, userId: bigint, now: number): Promise<void> {
  const newest = await db
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (newest)
    await db.updateTable("addresses").set({ is_default: 1, updated_at: now }).where("id", "=", BigInt(newest.id)).execute();
}
