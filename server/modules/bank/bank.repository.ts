import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ApplicationRow } from "../applications/application.repository";

type Q = Kysely<Database>;
export type BankRow = ApplicationRow<"bank_applications">;

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
