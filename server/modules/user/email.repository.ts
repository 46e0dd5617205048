import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<bigint | null> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return row ? BigInt(row.id) : null;
}
