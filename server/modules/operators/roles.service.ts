import type { Kysely } from "kysely";
import type { ApprovalItem } from "../../../domain/api/approvals";
import { FOUR_EYES_GRANT_ROLES } from "../../../domain/approval-kinds";
import type { OperatorRole } from "../../../domain/operator-roles";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { fileApproval } from "../approvals/approval.service";
import type { Audit } from "./audit";
import { deleteGrant, findGrant, grantView, insertGrant, listGrants, lockAdminGrants } from "./operator-roles.repository";

type Change = { address: string; role: OperatorRole };
type Grant = ReturnType<typeof grantView>;

/** Every grant: the configured admins first (granted by `config`), then the rows by address. */
export async function listRoles(db: Kysely<Database>, config: Pick<AppConfig, "adminAddresses">) {
  const configured = config.adminAddresses.map((address) => ({
    address,
    role: "admin" as const,
    grantedBy: "config",
    grantedAt: null,
  }));
  return [...configured, ...(await listGrants(db)).map(grantView)];
}

/**
 * The admins, in the transaction `trx`: every wallet with an admin row and every configured one
 * (ADMIN_ADDRESSES, or Hardhat #0 locally), each address once. The admin rows are locked until
 * the transaction ends, so a grant or revoke counts what a concurrent one left.
 */
export async function lockedAdmins(trx: Kysely<Database>, config: Pick<AppConfig, "adminAddresses">): Promise<Set<string>> {
  return new Set([...(await lockAdminGrants(trx)), ...config.adminAddresses]);
}

/**
 * Grants `role` to `address` (409 when it holds it, by a row or by configuration), audited. With
 * two admins or more, a grant of treasurer or admin is not made but filed as a `role.grant`
 * request that another admin approves (the four-eyes rule: one admin cannot make a wallet of
 * their own a second treasurer); with a single admin it is made at once, and the four-eyes rule
 * then rests on that admin.
 */
export function grantRole(
  db: Kysely<Database>,
  config: Pick<AppConfig, "adminAddresses">,
  by: string,
  change: Change,
  audit: Audit,
  now = Date.now(),
): Promise<Grant | { status: "AwaitingApproval"; approval: ApprovalItem }> {
  const held = () => conflict("roles.alreadyHeld", { address: change.address, role: change.role });
  if (change.role === "admin" && config.adminAddresses.includes(change.address)) throw held();
  return db.transaction().execute(async (trx) => {
    if (FOUR_EYES_GRANT_ROLES.includes(change.role) && (await lockedAdmins(trx, config)).size >= 2) {
      if (await findGrant(trx, change.address, change.role)) throw held();
      const approval = await fileApproval(
        trx,
        { kind: "role.grant", target: `operator:${change.address}`, payload: change, requestedBy: by },
        audit,
        now,
      );
      return { status: "AwaitingApproval" as const, approval };
    }
    const row = await insertGrant(trx, { ...change, grantedBy: by, now });
    if (!row) throw held();
    const grant = grantView(row);
    await audit(trx, { action: "role.grant", target: `operator:${change.address}`, after: grant });
    return grant;
  });
}

/**
 * Revokes `role` from `address`, audited. A configured admin stays one (409: the setting decides),
 * and the last admin cannot go (409): the admin grants are locked first, so two admins revoking
 * each other at once cannot both pass.
 */
export function revokeRole(db: Kysely<Database>, config: Pick<AppConfig, "adminAddresses">, change: Change, audit: Audit) {
  if (change.role === "admin" && config.adminAddresses.includes(change.address)) throw conflict("roles.configuredAdmin");
  return db.transaction().execute(async (trx) => {
    if (change.role === "admin") {
      const admins = await lockedAdmins(trx, config);
      if (admins.has(change.address) && admins.size <= 1) throw conflict("roles.lastAdmin");
    }
    const before = await findGrant(trx, change.address, change.role);
    const row = before && (await deleteGrant(trx, change.address, change.role));
    if (!row) throw notFound("roles.notHeld", { address: change.address, role: change.role });
    await audit(trx, { action: "role.revoke", target: `operator:${change.address}`, before: grantView(row) });
    return grantView(row);
  });
}
