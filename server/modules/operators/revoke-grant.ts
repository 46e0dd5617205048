import type { Kysely } from "kysely";
import type { OperatorRole } from "../../../domain/operator-roles";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { Audit } from "./audit";
import { deleteGrant, grantView, lockAdminGrants } from "./operator-roles.repository";

/**
 * The admins, in the transaction `trx`: every wallet with an admin row and every configured one
 * (ADMIN_ADDRESSES, or Hardhat #0 locally), each address once. The admin rows are locked until
 * the transaction ends, so a grant or revoke counts what a concurrent one left.
 */
export async function lockedAdmins(trx: Kysely<Database>, config: Pick<AppConfig, "adminAddresses">): Promise<Set<string>> {
  return new Set([...(await lockAdminGrants(trx)), ...config.adminAddresses]);
}

/**
 * Takes `role` from `address` in `trx`, audited as `role.revoke` (the grant in `before`, `after`
 * when given: an approved request's requester and approver). A configured admin stays one (409:
 * the setting decides), and the last admin cannot go (409): the admin grants are locked first, so
 * two revocations at once (direct, or two requests approved at once) cannot both pass. A role not
 * held is 404. Both a direct revoke and an approved `role.revoke` request end here.
 */
export async function removeGrant(
  trx: Kysely<Database>,
  config: Pick<AppConfig, "adminAddresses">,
  change: { address: string; role: OperatorRole },
  audit: Audit,
  after?: Record<string, unknown>,
) {
  if (change.role === "admin") {
    if (config.adminAddresses.includes(change.address)) throw conflict("roles.configuredAdmin");
    const admins = await lockedAdmins(trx, config);
    if (admins.has(change.address) && admins.size <= 1) throw conflict("roles.lastAdmin");
  }
  const row = await deleteGrant(trx, change.address, change.role);
  if (!row) throw notFound("roles.notHeld", { address: change.address, role: change.role });
  const grant = grantView(row);
  await audit(trx, { action: "role.revoke", target: `operator:${change.address}`, before: grant, after });
  return grant;
}
