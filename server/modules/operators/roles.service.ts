import type { Kysely } from "kysely";
import type { ApprovalItem } from "../../../domain/api/approvals";
import { FOUR_EYES_GRANT_ROLES, FOUR_EYES_REVOKE_ROLES } from "../../../domain/approval-kinds";
import type { OperatorRole } from "../../../domain/operator-roles";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { fileApproval } from "../approvals/approval.service";
import type { Audit } from "./audit";
import { findGrant, grantView, insertGrant, listGrants } from "./operator-roles.repository";
import { lockedAdmins, removeGrant } from "./revoke-grant";

type Change = { address: string; role: OperatorRole };
type Grant = ReturnType<typeof grantView>;
type Trx = Parameters<typeof lockedAdmins>[0];

/** Whether changing `change.role` waits for a second admin: one of `roles`, with two admins or more (counted under lock). */
async function needsSecondAdmin(
  trx: Trx,
  config: Pick<AppConfig, "adminAddresses">,
  roles: readonly OperatorRole[],
  change: Change,
): Promise<boolean> {
  return roles.includes(change.role) && (await lockedAdmins(trx, config)).size >= 2;
}

/** The change filed as a request another admin approves, instead of made. */
async function fileRoleRequest(
  trx: Trx,
  kind: "role.grant" | "role.revoke",
  change: Change,
  requestedBy: string,
  audit: Audit,
  now: number,
): Promise<{ status: "AwaitingApproval"; approval: ApprovalItem }> {
  const approval = await fileApproval(
    trx,
    { kind, target: `operator:${change.address}`, payload: change, requestedBy },
    audit,
    now,
  );
  return { status: "AwaitingApproval", approval };
}

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
    if (await needsSecondAdmin(trx, config, FOUR_EYES_GRANT_ROLES, change)) {
      if (await findGrant(trx, change.address, change.role)) throw held();
      return fileRoleRequest(trx, "role.grant", change, by, audit, now);
    }
    const row = await insertGrant(trx, { ...change, grantedBy: by, now });
    if (!row) throw held();
    const grant = grantView(row);
    await audit(trx, { action: "role.grant", target: `operator:${change.address}`, after: grant });
    return grant;
  });
}

/**
 * Revokes `role` from `address`, audited (`revoke-grant.ts`: a configured admin stays one, the
 * last admin cannot go, both 409). With two admins or more, a revocation of admin is not made but
 * filed as a `role.revoke` request that another admin approves (the target may: it consents), the
 * revoker's own admin role included: either would leave one admin to grant treasurer or admin
 * alone. Revoking another role only lowers power and stays direct.
 */
export function revokeRole(
  db: Kysely<Database>,
  config: Pick<AppConfig, "adminAddresses">,
  by: string,
  change: Change,
  audit: Audit,
  now = Date.now(),
): Promise<Grant | { status: "AwaitingApproval"; approval: ApprovalItem }> {
  if (change.role === "admin" && config.adminAddresses.includes(change.address)) throw conflict("roles.configuredAdmin");
  return db.transaction().execute(async (trx) => {
    if (await needsSecondAdmin(trx, config, FOUR_EYES_REVOKE_ROLES, change)) {
      if (!(await findGrant(trx, change.address, change.role)))
        throw notFound("roles.notHeld", { address: change.address, role: change.role });
      return fileRoleRequest(trx, "role.revoke", change, by, audit, now);
    }
    return removeGrant(trx, config, change, audit);
  });
}
