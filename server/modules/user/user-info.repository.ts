import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";

/** What user/info needs beyond the users row: the inviter's code and the latest application statuses. */
export interface UserInfoExtras {
  inviter_code: string | null;
  identity_status: string | null;
  bank_status: string | null;
}

/** A users row as the session lookup loads it: with the extras, so user/info needs no query of its own. */
export type SessionUser = UserRow & UserInfoExtras;

export function hasInfoExtras(user: UserRow): user is SessionUser {
  return "identity_status" in user && "bank_status" in user && "inviter_code" in user;
}

/**
 * The extras as correlated subqueries of a query over `users`: each is one probe of an index
 * ((users.id), (user_id, id)), cheap next to the round trip a separate query would cost.
 */
export const infoExtras = (eb: ExpressionBuilder<Database, "users">) => [
  eb
    .selectFrom("users as inviter")
    .select("inviter.invitation_code")
    .whereRef("inviter.id", "=", "users.inviter_id")
    .as("inviter_code"),
  eb
    .selectFrom("identity_applications")
    .select("identity_applications.status")
    .whereRef("identity_applications.user_id", "=", "users.id")
    .orderBy("identity_applications.id", "desc")
    .limit(sql.lit(1))
    .as("identity_status"),
  eb
    .selectFrom("bank_applications")
    .select("bank_applications.status")
    .whereRef("bank_applications.user_id", "=", "users.id")
    .orderBy("bank_applications.id", "desc")
    .limit(sql.lit(1))
    .as("bank_status"),
];

/** The extras of one user, for rows that did not come from the session lookup (login, register, edit). */
export async function findUserInfoExtras(db: Kysely<Database>, userId: bigint): Promise<UserInfoExtras> {
  const row = await db.selectFrom("users").select(infoExtras).where("users.id", "=", userId).executeTakeFirst();
  return {
    inviter_code: row?.inviter_code ?? null,
    identity_status: row?.identity_status ?? null,
    bank_status: row?.bank_status ?? null,
  };
}
