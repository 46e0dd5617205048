import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/** Whether `userId` proved `phone` with an SMS code before (migration 0007_verified_phones). */
export async function isVerifiedPhone(db: Q, userId: bigint, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom("verified_phones")
    .select("phone")
    .where("user_id", "=", userId)
    .where("phone", "=", phone)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertVerifiedPhone(db: Q, userId: bigint, phone: string, now: number): Promise<void> {
  await db
    .insertInto("verified_phones")
    .values({ user_id: userId, phone, verified_at: now })
    .onConflict((oc) => oc.columns(["user_id", "phone"]).doNothing())
    .execute();
}
