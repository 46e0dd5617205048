import type { Kysely } from "kysely";
import type { OperatorRole } from "../../../domain/operator-roles";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/** A grant row as the API shows it. */
export const grantView = (r: { address: string; role: OperatorRole; granted_by: string; granted_at: bigint }) => ({
  address: r.address,
  role: r.role,
  grantedBy: r.granted_by,
  grantedAt: Number(r.granted_at),
});

/** The roles granted to `address` (lowercase) in the database; configured admins are added by the caller. */
export async function grantedRoles(db: Q, address: string): Promise<OperatorRole[]> {
  const rows = await db.selectFrom("operator_roles").select("role").where("address", "=", address).execute();
  return rows.map((r) => r.role);
}

/** Every grant, by address then role. */
export function listGrants(db: Q) {
  return db.selectFrom("operator_roles").selectAll().orderBy("address").orderBy("role").execute();
}

export function findGrant(db: Q, address: string, role: OperatorRole) {
  return db.selectFrom("operator_roles").selectAll().where("address", "=", address).where("role", "=", role).executeTakeFirst();
}

/** Inserts the grant unless it exists; answers whether it was new. */
export async function insertGrant(db: Q, g: { address: string; role: OperatorRole; grantedBy: string; now: number }) {
  const row = await db
    .insertInto("operator_roles")
    .values({ address: g.address, role: g.role, granted_by: g.grantedBy, granted_at: g.now })
    .onConflict((oc) => oc.columns(["address", "role"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row;
}

export async function deleteGrant(db: Q, address: string, role: OperatorRole) {
  return db
    .deleteFrom("operator_roles")
    .where("address", "=", address)
    .where("role", "=", role)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Locks every admin grant until the transaction ends and answers how many there are, so two
 * admins revoking each other at once cannot both pass the last-admin check. A no-op UPDATE
 * takes PostgreSQL's row locks (SQLite runs one write transaction at a time anyway); a waiting
 * revoke then counts what the first one left.
 */
export async function lockAdminGrants(trx: Q): Promise<string[]> {
  await trx
    .updateTable("operator_roles")
    .set((eb) => ({ role: eb.ref("role") }))
    .where("role", "=", "admin")
    .execute();
  const rows = await trx.selectFrom("operator_roles").select("address").where("role", "=", "admin").execute();
  return rows.map((r) => r.address);
}
