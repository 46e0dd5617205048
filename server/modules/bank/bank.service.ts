import type { Kysely } from "kysely";
import { maskCardNumber } from "../../../domain/luhn";
import type { Database, UserRow } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { latestApplication } from "../applications/application.repository";
import { decideApplication, decisionView } from "../applications/application.service";
import type { Audit } from "../operators/audit";
import { approvedIdentity } from "../identity/identity.repository";
import { lockUser } from "../../lib/lock-user";
import { isUniqueViolation } from "../../lib/unique-violation";
import { insertBank, type BankRow } from "./bank.repository";

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
    ...decisionView(row),
  };
}

export function toAdminBankView(row: BankRow & { address: string }) {
  return { ...toBankView(row), cardNumber: row.card_number, userId: Number(row.user_id), address: row.address };
}

const pendingExists = () => conflict("bank.pending");

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
    if (!identity) throw conflict("bank.identityFirst");
    if (input.holder !== identity.real_name.normalize("NFC")) throw badRequest("bank.holderMismatch");
    if ((await latestApplication(trx, "bank_applications", userId))?.status === "pending") throw pendingExists();
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
  audit: Audit,
  now = Date.now(),
) {
  return toBankView(await decideApplication(db, "bank_applications", id, outcome, now, audit));
}
