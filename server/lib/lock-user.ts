import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Serialises a user's read-check-write units of work (one pending application, one default
 * address, at most N addresses, register once). A no-op UPDATE takes PostgreSQL's row lock until
 * the transaction ends; SQLite runs one write transaction at a time anyway. Portable where
 * `SELECT … FOR UPDATE` is not (SQLite has no such syntax).
 */
export async function lockUser(trx: Kysely<Database>, userId: bigint): Promise<void> {
  await trx
    .updateTable("users")
    .set((eb) => ({ address: eb.ref("address") }))
    .where("id", "=", userId)
    .execute();
}
