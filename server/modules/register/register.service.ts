import type { Kysely } from "kysely";
import { inviterProblem } from "../../../domain/invitation";
import type { Db } from "../../db/database";
import type { Database, UserRow } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { checkCode, consumeCode } from "../codes/code.service";
import { findUserIdByEmail } from "../user/email.repository";
import { lockUser } from "../user/lock-user";
import { isUniqueViolation } from "../user/unique-violation";
import { findUserById } from "../user/user.repository";
import { hashFundPassword } from "./fund-password";
import { findUserIdByInvitationCode, lockInvitationTree, selfAndAncestors } from "./invitation.repository";

export interface RegisterInput {
  invitationCode: string | null;
  email: string;
  code: string;
  fundPassword: string;
}

const alreadyRegistered = () => conflict("register.already");
const emailTaken = () => conflict("register.emailTaken");

/** The inviter's id for `code`, refusing an unknown code, the user's own code and a cycle. */
async function resolveInviter(db: Kysely<Database>, userId: bigint, code: string): Promise<bigint> {
  const inviterId = await findUserIdByInvitationCode(db, code);
  if (inviterId === null) throw badRequest("register.unknownInvitation", { code });
  const chain = await selfAndAncestors(db, inviterId);
  const problem = inviterProblem(userId, inviterId, chain.slice(1));
  if (problem === "self") throw badRequest("register.ownInvitation");
  if (problem === "cycle") throw badRequest("register.invitationCycle");
  return inviterId;
}

/**
 * Binds inviter, email and fund password to the signed-in user, once. Everything that can fail
 * is checked before the email code is (a doomed request costs no attempt), then checked again
 * under the locks, where the code is consumed and the user written in one transaction.
 */
export async function registerUser(db: Db, user: UserRow, input: RegisterInput, now = Date.now()): Promise<UserRow> {
  const userId = BigInt(user.id);
  if (user.registered_at != null) throw alreadyRegistered();
  if (input.invitationCode !== null) await resolveInviter(db.kysely, userId, input.invitationCode);
  if ((await findUserIdByEmail(db.kysely, input.email)) !== null) throw emailTaken();
  const codeId = await checkCode(db.kysely, { channel: "email", target: input.email, purpose: "register" }, input.code, now);
  const fundPasswordHash = await hashFundPassword(input.fundPassword);

  return db.kysely.transaction().execute(async (trx) => {
    await lockInvitationTree(trx, db.dialect);
    await lockUser(trx, userId);
    const fresh = await findUserById(trx, userId);
    if (!fresh || fresh.registered_at != null) throw alreadyRegistered();
    let inviterId = fresh.inviter_id == null ? null : BigInt(fresh.inviter_id);
    if (input.invitationCode !== null) {
      const wanted = await resolveInviter(trx, userId, input.invitationCode);
      if (inviterId !== null && inviterId !== wanted) throw conflict("register.inviterBound");
      inviterId = wanted;
    }
    await consumeCode(trx, codeId, now);
    try {
      return await trx
        .updateTable("users")
        .set({ email: input.email, fund_password_hash: fundPasswordHash, inviter_id: inviterId, registered_at: now })
        .where("id", "=", userId)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  });
}
