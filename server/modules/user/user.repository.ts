import type { Kysely } from "kysely";
import type { Database, NewUser, UserRow } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;

export function findUserByAddress(db: ReadDb, address: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("address", "=", address.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Q, id: bigint): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findInvitationCodeById(db: Q, id: bigint): Promise<string | null> {
  const row = await db.selectFrom("users").select("invitation_code").where("id", "=", id).executeTakeFirst();
  return row?.invitation_code ?? null;
}

export async function insertUser(db: Q, user: NewUser): Promise<UserRow> {
  return db.insertInto("users").values(user).returningAll().executeTakeFirstOrThrow();
}
