import type { Kysely } from "kysely";
import type { ApprovalItem } from "../../../domain/api/approvals";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/schema";
import { conflict, internalError } from "../../lib/errors";
import { lockUser } from "../../lib/lock-user";
import { changeBalance } from "../ledger/ledger.service";
import type { Audit } from "../operators/audit";
import { grantView, insertGrant } from "../operators/operator-roles.repository";
import { removeGrant } from "../operators/revoke-grant";
import { retryWithdrawalInTrx } from "../withdraw/admin-withdrawals.service";

/**
 * Carries out an approved request in the approval's transaction, through the same code as the
 * rest of the shop: a balance adjustment is one `changeBalance` (a ledger row of kind
 * `admin_adjust`, never below zero, the debt rule included), a withdrawal retry is the retry
 * itself (Failed, not retried yet, debited again), a grant the grant itself (409 when the wallet
 * holds the role by then, by a row or by ADMIN_ADDRESSES), a revocation the revocation itself
 * (409 for the last or a configured admin, 404 when the role is gone by then). The audit row of
 * what was done names the approver as its operator and the requester in `after.requestedBy` (a
 * grant's `grantedBy`).
 */
export async function applyApproval(
  trx: Kysely<Database>,
  approval: ApprovalItem,
  audit: Audit,
  config: Pick<AppConfig, "adminAddresses">,
  now: number,
): Promise<void> {
  if (approval.balanceAdjust) {
    const a = approval.balanceAdjust;
    const userId = BigInt(a.userId);
    await lockUser(trx, userId);
    const user = await trx.selectFrom("users").select(["amount_cny", "amount_usdt"]).where("id", "=", userId).executeTakeFirst();
    if (!user) throw internalError(`approval ${approval.id} adjusts user ${a.userId}, who does not exist`);
    const before = BigInt(a.currency === "CNY" ? user.amount_cny : user.amount_usdt);
    const after = await changeBalance(
      trx,
      { userId, currency: a.currency, delta: BigInt(a.delta), kind: "admin_adjust", ref: `approval:${approval.id}`, now },
      conflict("adjust.belowZero"),
    );
    await audit(trx, {
      action: "balance.adjust",
      target: `user:${a.userId}`,
      before: { currency: a.currency, balance: before },
      after: {
        currency: a.currency,
        balance: after,
        delta: a.delta,
        reason: a.reason,
        approval: approval.id,
        requestedBy: approval.requestedBy,
      },
    });
    return;
  }
  if (approval.roleGrant) {
    const { address, role } = approval.roleGrant;
    const held = () => conflict("roles.alreadyHeld", { address, role });
    if (role === "admin" && config.adminAddresses.includes(address)) throw held();
    const row = await insertGrant(trx, { address, role, grantedBy: approval.requestedBy, now });
    if (!row) throw held();
    await audit(trx, {
      action: "role.grant",
      target: `operator:${address}`,
      after: { ...grantView(row), approval: approval.id, approvedBy: approval.decidedBy },
    });
    return;
  }
  if (approval.roleRevoke) {
    await removeGrant(trx, config, approval.roleRevoke, audit, {
      approval: approval.id,
      requestedBy: approval.requestedBy,
      approvedBy: approval.decidedBy,
    });
    return;
  }
  if (approval.withdrawRetry) {
    await retryWithdrawalInTrx(trx, BigInt(approval.withdrawRetry.withdrawalId), audit, now);
    return;
  }
  throw internalError(`approval ${approval.id} of kind ${approval.kind} carries nothing to do`);
}
