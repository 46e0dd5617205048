import type { Kysely } from "kysely";
import type { Currency, Database } from "../../db/schema";

type Q = Kysely<Database>;

const FULL_ADDRESS = /^0x[0-9a-f]{40}$/;
const ADDRESS_START = /^0x[0-9a-f]{4,39}$/;

/**
 * Users matching `q`: a full address, the start of one, an email, or an invitation code; by id.
 * One kind of match per query, each on an indexed column.
 */
export async function searchUsers(db: Q, q: string, offset: number, limit: number) {
  const text = q.trim();
  const lower = text.toLowerCase();
  let query = db.selectFrom("users");
  if (FULL_ADDRESS.test(lower)) query = query.where("address", "=", lower);
  else if (ADDRESS_START.test(lower)) query = query.where("address", "like", `${lower}%`);
  else if (text.includes("@")) query = query.where("email", "=", lower);
  else query = query.where("invitation_code", "=", text.toUpperCase());
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("id").offset(offset).limit(limit).execute(),
    query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findUserById(db: Q, id: bigint) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One page of a user's ledger, newest first, and how many rows match. */
export async function userLedger(db: Q, userId: bigint, currency: Currency | undefined, offset: number, limit: number) {
  let q = db.selectFrom("ledger").where("user_id", "=", userId);
  if (currency) q = q.where("currency", "=", currency);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
