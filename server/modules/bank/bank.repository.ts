import type { Kysely, Selectable } from "kysely";
import type { ApplicationStatus, BankApplicationsTable, Database } from "../../db/schema";

type Q = Kysely<Database>;
export type BankRow = Selectable<BankApplicationsTable>;

export function latestBank(db: Q, userId: bigint): Promise<BankRow | undefined> {
  return db
    .selectFrom("bank_applications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function insertBank(
  db: Q,
  a: { userId: bigint; bankName: string; branch: string; holder: string; cardNumber: string; now: number },
): Promise<BankRow> {
  return db
    .insertInto("bank_applications")
    .values({
      user_id: a.userId,
      bank_name: a.bankName,
      branch: a.branch,
      holder: a.holder,
      card_number: a.cardNumber,
      status: "pending",
      created_at: a.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listBanks(db: Q, status: ApplicationStatus | undefined, offset: number, limit: number) {
  let q = db.selectFrom("bank_applications").innerJoin("users", "users.id", "bank_applications.user_id");
  if (status) q = q.where("bank_applications.status", "=", status);
  const [rows, total] = await Promise.all([
    q
      .selectAll("bank_applications")
      .select("users.address")
      .orderBy("bank_applications.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** pending → approved | rejected, once: the UPDATE only matches a pending row. */
export function reviewBank(db: Q, id: bigint, outcome: { status: "approved" | "rejected"; reason: string | null; now: number }) {
  return db
    .updateTable("bank_applications")
    .set({ status: outcome.status, reason: outcome.reason, reviewed_at: outcome.now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}
