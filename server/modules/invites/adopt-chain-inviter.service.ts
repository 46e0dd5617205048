import type { Db } from "../../db/database";
import { inviterProblem } from "../../../domain/invitation";
import { lockInvitationTree, selfAndAncestors } from "../register/invitation.repository";
import { databaseInviterId } from "./chain-inviter.service";

/**
 * The chain holds another inviter for a registered user than the database (the wallet bound
 * itself on chain between the registration's check and the binder's transaction, or on a fresh
 * chain before the replay reached it). A binding on chain is permanent, so the database takes
 * the chain's inviter, under the invitation tree's lock, unless that would make a cycle here.
 * Answers the database's new inviter id, or "cycle" when it was refused.
 */
export async function adoptChainInviter(
  db: Db,
  userId: bigint,
  chainInviter: `0x${string}` | null,
  now: number,
): Promise<{ inviterId: bigint | null } | "cycle"> {
  const inviterId = await databaseInviterId(db.kysely, chainInviter, now);
  return db.kysely.transaction().execute(async (trx) => {
    await lockInvitationTree(trx, db.dialect);
    if (inviterId !== null) {
      const ancestors = await selfAndAncestors(trx, inviterId);
      if (inviterProblem(userId, inviterId, ancestors.slice(1)) !== null) return "cycle";
    }
    await trx.updateTable("users").set({ inviter_id: inviterId }).where("id", "=", userId).execute();
    return { inviterId };
  });
}
