import type { Kysely } from "kysely";
import type { ApplicationStatus, Database } from "../../db/schema";
import type { ApplicationRow } from "../applications/application.repository";

type Q = Kysely<Database>;
export type IdentityRow = ApplicationRow<"identity_applications">;

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

/**
 * Whether another user has this ID number in one of these states: pending or approved when
 * applying (one person, one account), approved when approving (two may have applied at once).
 */
export async function idNumberHeldByOther(
  db: Q,
  userId: bigint,
  idNumber: string,
  statuses: readonly ApplicationStatus[],
): Promise<boolean> {
  const row = await db
    .selectFrom("identity_applications")
    .select("id")
    .where("id_number", "=", idNumber)
    .where("user_id", "<>", userId)
    .where("status", "in", statuses)
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
