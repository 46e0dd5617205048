import type { Kysely, Selectable } from "kysely";
import type { ApplicationStatus, Database, IdentityApplicationsTable } from "../../db/schema";

type Q = Kysely<Database>;
export type IdentityRow = Selectable<IdentityApplicationsTable>;

export function latestIdentity(db: Q, userId: bigint): Promise<IdentityRow | undefined> {
  return db
    .selectFrom("identity_applications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The approved application (its real name is the one bank accounts must be held in). */
export function approvedIdentity(db: Q, userId: bigint): Promise<IdentityRow | undefined> {
  return db
    .selectFrom("identity_applications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "approved")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Whether another user has this ID number pending or approved: one person, one account. */
export async function idNumberTakenByOther(db: Q, userId: bigint, idNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom("identity_applications")
    .select("id")
    .where("id_number", "=", idNumber)
    .where("user_id", "<>", userId)
    .where("status", "in", ["pending", "approved"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function idNumberApprovedForOther(db: Q, userId: bigint, idNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom("identity_applications")
    .select("id")
    .where("id_number", "=", idNumber)
    .where("user_id", "<>", userId)
    .where("status", "=", "approved")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertIdentity(
  db: Q,
  a: { userId: bigint; realName: string; idNumber: string; frontImage: string; backImage: string; now: number },
): Promise<IdentityRow> {
  return db
    .insertInto("identity_applications")
    .values({
      user_id: a.userId,
      real_name: a.realName,
      id_number: a.idNumber,
      front_image: a.frontImage,
      back_image: a.backImage,
      status: "pending",
      created_at: a.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listIdentities(db: Q, status: ApplicationStatus | undefined, offset: number, limit: number) {
  let q = db.selectFrom("identity_applications").innerJoin("users", "users.id", "identity_applications.user_id");
  if (status) q = q.where("identity_applications.status", "=", status);
  const [rows, total] = await Promise.all([
    q
      .selectAll("identity_applications")
      .select("users.address")
      .orderBy("identity_applications.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** pending → approved | rejected, once: the UPDATE only matches a pending row. */
export function reviewIdentity(
  db: Q,
  id: bigint,
  outcome: { status: "approved" | "rejected"; reason: string | null; now: number },
) {
  return db
    .updateTable("identity_applications")
    .set({ status: outcome.status, reason: outcome.reason, reviewed_at: outcome.now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}
