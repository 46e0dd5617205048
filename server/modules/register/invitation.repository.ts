import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

export async function findUserIdByInvitationCode(db: Q, code: string): Promise<bigint | null> {
  const row = await db.selectFrom("users").select("id").where("invitation_code", "=", code).executeTakeFirst();
  return row ? BigInt(row.id) : null;
}

/**
 * `userId` and every user above it in the invitation tree (its inviter, their inviter, …). The
 * depth bound only guards against a cycle that the rules already make impossible.
 */
export async function selfAndAncestors(db: Q, userId: bigint): Promise<bigint[]> {
  const { rows } = await sql<{ id: bigint | number }>`
    with recursive chain(id, inviter_id, depth) as (
      select id, inviter_id, 1 from users where id = ${userId}
      union all
      select u.id, u.inviter_id, c.depth + 1 from users u join chain c on u.id = c.inviter_id where c.depth < 100000
    )
    select id from chain`.execute(db);
  return rows.map((r) => BigInt(r.id));
}

/**
 * Changes to the invitation tree take one lock, so two users binding each other at the same
 * moment cannot both pass the cycle check. PostgreSQL: a transaction-scoped advisory lock;
 * SQLite runs one write transaction at a time.
 */
export async function lockInvitationTree(trx: Q, dialect: DialectName): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtextextended('invitation-tree', 0))`.execute(trx);
}
