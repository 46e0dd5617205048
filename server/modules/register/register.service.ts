import type { Kysely } from "kysely";
import { inviterProblem } from "../../../domain/invitation";
import type { Db } from "../../db/database";
import type { Database, UserRow } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";
import { checkCode, consumeCode } from "../codes/code.service";
import { enqueueBinding } from "../invites/chain-invites.repository";
import { databaseInviterId, type ChainInviter, type ChainInviterLookup } from "../invites/chain-inviter.service";
import { findUserIdByEmail } from "../user/email.repository";
import { lockUser } from "../../lib/lock-user";
import { isUniqueViolation } from "../../lib/unique-violation";
import { findInvitationCodeById, findUserById } from "../user/user.repository";
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
  const problem = await cycleProblem(db, userId, inviterId);
  if (problem === "self") throw badRequest("register.ownInvitation");
  if (problem === "cycle") throw badRequest("register.invitationCycle");
  return inviterId;
}

async function cycleProblem(db: Kysely<Database>, userId: bigint, inviterId: bigint) {
  const chain = await selfAndAncestors(db, inviterId);
  return inviterProblem(userId, inviterId, chain.slice(1));
}

/**
 * The chain has no cycles; the database could only get one here if its tree already differs
 * from the chain's above this user (an account bound on chain outside the app). Refused rather
 * than written.
 */
async function refuseChainInviterCycle(db: Kysely<Database>, userId: bigint, inviterId: bigint): Promise<void> {
  if ((await cycleProblem(db, userId, inviterId)) !== null) throw conflict("register.chainTreesDisagree");
}

/**
 * The database's inviter for an address bound on chain. Directly under the tree's root is "no
 * inviter", unless the form names the root's own account: both agree with the chain, and the
 * user's choice is kept.
 */
async function chainInviterIdOf(
  db: Kysely<Database>,
  onChain: Extract<ChainInviter, { bound: true }>,
  code: string | null,
  now: number,
): Promise<bigint | null> {
  if (onChain.underRoot && code !== null) {
    const id = await findUserIdByInvitationCode(db, code);
    if (id !== null && (await findUserById(db, id))?.address === onChain.root.toLowerCase()) return id;
  }
  return databaseInviterId(db, onChain.inviter, now);
}

export interface RegisterResult {
  user: UserRow;
  /** The inviter is the one the address is bound to on chain (a binding there is permanent). */
  inviterFromChain: boolean;
  /** The form named an invitation code the chain's binding overrode. */
  codeOverridden: boolean;
}

/**
 * Binds inviter, email and fund password to the signed-in user, once, and queues the binding
 * on chain (server/jobs/invite-binder.ts). When the address is already in the DAO's tree on
 * chain, its inviter there is taken, whatever code the form sent: the chain cannot be changed,
 * so the database follows it. Everything that can fail is checked before the email code is (a
 * doomed request costs no attempt), then checked again under the locks, where the code is
 * consumed and the user written in one transaction.
 */
export async function registerUser(
  db: Db,
  user: UserRow,
  input: RegisterInput,
  chainInviterOf: ChainInviterLookup,
  now = Date.now(),
): Promise<RegisterResult> {
  const userId = BigInt(user.id);
  if (user.registered_at != null) throw alreadyRegistered();
  const onChain = await chainInviterOf(user.address);
  // undefined: not bound on chain (or no chain), the form decides.
  const chainInviterId = onChain?.bound ? await chainInviterIdOf(db.kysely, onChain, input.invitationCode, now) : undefined;
  if (chainInviterId != null) await refuseChainInviterCycle(db.kysely, userId, chainInviterId);
  else if (chainInviterId === undefined && input.invitationCode !== null)
    await resolveInviter(db.kysely, userId, input.invitationCode);
  if ((await findUserIdByEmail(db.kysely, input.email)) !== null) throw emailTaken();
  const codeId = await checkCode(db.kysely, { channel: "email", target: input.email, purpose: "register" }, input.code, now);
  const fundPasswordHash = await hashFundPassword(input.fundPassword);

  const registered = await db.kysely.transaction().execute(async (trx) => {
    await lockInvitationTree(trx, db.dialect);
    await lockUser(trx, userId);
    const fresh = await findUserById(trx, userId);
    if (!fresh || fresh.registered_at != null) throw alreadyRegistered();
    let inviterId = fresh.inviter_id == null ? null : BigInt(fresh.inviter_id);
    if (chainInviterId !== undefined) {
      if (chainInviterId !== null) await refuseChainInviterCycle(trx, userId, chainInviterId);
      inviterId = chainInviterId;
    } else if (input.invitationCode !== null) {
      const wanted = await resolveInviter(trx, userId, input.invitationCode);
      if (inviterId !== null && inviterId !== wanted) throw conflict("register.inviterBound");
      inviterId = wanted;
    }
    await consumeCode(trx, codeId, now);
    try {
      const row = await trx
        .updateTable("users")
        .set({ email: input.email, fund_password_hash: fundPasswordHash, inviter_id: inviterId, registered_at: now })
        .where("id", "=", userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      await enqueueBinding(trx, userId, now);
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  });
  const chainCode = chainInviterId == null ? null : await findInvitationCodeById(db.kysely, chainInviterId);
  return {
    user: registered,
    inviterFromChain: chainInviterId !== undefined,
    codeOverridden: chainInviterId !== undefined && input.invitationCode !== null && input.invitationCode !== chainCode,
  };
}
