import type { Transaction } from "kysely";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import { inviterProblem } from "../../../domain/invitation";
import { lockInvitationTree, selfAndAncestors } from "../register/invitation.repository";
import { databaseInviterId } from "./chain-inviter.service";

/**
 * The chain holds another inviter for a registered user than the database (the wallet bound
 * itself on chain between the registration's check and the binder's transaction, or on a fresh
 * chain before the replay reached it). A binding on chain is permanent, so the database takes
 * the chain's inviter, under the invitation tree's lock, unless that would make a cycle here; an
 * inviter who never signed in is created first, in the same transaction (the caller's: the
 * invite binder's, fenced by its lease). Answers the database's new inviter id, or "cycle" when
 * it was refused.
 */
export async function adoptChainInviterInTrx(
  trx: Transaction<Database>,
  dialect: DialectName,
  userId: bigint,
  chainInviter: `0x${string}` | null,
  now: number,
): Promise<{ inviterId: bigint | null } | "cycle"> {
  const inviterId = await databaseInviterId(trx, chainInviter, now);
  await lockInvitationTree(trx, dialect);
  if (inviterId !== null) {
    const ancestors = await selfAndAncestors(trx, inviterId);
    if (inviterProblem(userId, inviterId, ancestors.slice(1)) !== null) return "cycle";
  }
  await trx.updateTable("users").set({ inviter_id: inviterId }).where("id", "=", userId).execute();
  return { inviterId };
}
