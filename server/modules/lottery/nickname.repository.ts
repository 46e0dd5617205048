import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** Nicknames of the users behind `addresses` (lower case); users without one are left out. */
export async function nicknamesOf(db: Kysely<Database>, addresses: string[]): Promise<{ address: string; nickname: string }[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .select(["address", "nickname"])
    .where("address", "in", addresses)
    .where("nickname", "is not", null)
    .orderBy("address")
    .execute();
  return rows.map((r) => ({ address: r.address, nickname: r.nickname! }));
}
