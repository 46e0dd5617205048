import type { Kysely } from "kysely";
import { maskCardNumber } from "../../../domain/luhn";
import type { Database, UserRow } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { approvedIdentity } from "../identity/identity.repository";
import { lockUser } from "../user/lock-user";
import { isUniqueViolation } from "../user/unique-violation";
import { insertBank, latestBank, reviewBank, type BankRow } from "./bank.repository";

export interface BankInput {
  bankName: string;
  branch: string;
  holder: string;
  cardNumber: string;
}

/** What the user sees: the card number masked. */
export function toBankView(row: BankRow) {
  return {
    id: Number(row.id),
    bankName: row.bank_name,
    branch: row.branch,
    holder: row.holder,
    cardNumber: maskCardNumber(row.card_number),
    status: row.status,
    reason: row.reason,
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at == null ? null : Number(row.reviewed_at),
  };
}

export function toAdminBankView(row: BankRow & { address: string }) {
  return { ...toBankView(row), cardNumber: row.card_number, userId: Number(row.user_id), address: row.address };
}

const pendingExists = () => conflict("Your bank account application is being reviewed");

/**
 * A pending bank account application. The holder must be the user's verified real name, so
 * identity comes first. An approved account can be replaced by applying again; the latest
 * application is the one that counts.
 */
export async function applyForBank(db: Kysely<Database>, user: UserRow, input: BankInput, now = Date.now()) {
  const userId = BigInt(user.id);
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const identity = await approvedIdentity(trx, userId);
    if (!identity) throw conflict("Verify your identity first: the bank account must be in your verified name");
    if (input.holder !== identity.real_name.normalize("NFC")) throw badRequest("holder must be your verified real name");
    if ((await latestBank(trx, userId))?.status === "pending") throw pendingExists();
    try {
      return toBankView(await insertBank(trx, { userId, ...input, now }));
    } catch (err) {
      if (isUniqueViolation(err)) throw pendingExists();
      throw err;
    }
  });
}

export async function reviewBankApplication(
  db: Kysely<Database>,
  id: bigint,
  outcome: { status: "approved" | "rejected"; reason: string | null },
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("bank_applications").select("status").where("id", "=", id).executeTakeFirst();
    if (!current) throw notFound("Bank account application not found");
    if (current.status !== "pending") throw conflict(`This application is already ${current.status}`);
    const row = await reviewBank(trx, id, { ...outcome, now });
    if (!row) throw conflict("This application was reviewed meanwhile");
    return toBankView(row);
  });
}
