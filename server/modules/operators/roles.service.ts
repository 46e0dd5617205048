import type { Kysely } from "kysely";
import type { OperatorRole } from "../../../domain/operator-roles";
import type { AppConfig } from "../../config";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { Audit } from "./audit";
import { deleteGrant, findGrant, insertGrant, listGrants, lockAdminGrants } from "./operator-roles.repository";

type Change = { address: string; role: OperatorRole };

const grantView = (r: { address: string; role: OperatorRole; granted_by: string; granted_at: bigint }) => ({
  address: r.address,
  role: r.role,
  grantedBy: r.granted_by,
  grantedAt: Number(r.granted_at),
});

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

/** Grants `role` to `address` (409 when it holds it, by a row or by configuration), audited. */
export function grantRole(
  db: Kysely<Database>,
  config: Pick<AppConfig, "adminAddresses">,
  by: string,
  change: Change,
  audit: Audit,
  now = Date.now(),
) {
  const held = () => conflict("roles.alreadyHeld", { address: change.address, role: change.role });
  if (change.role === "admin" && config.adminAddresses.includes(change.address)) throw held();
  return db.transaction().execute(async (trx) => {
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
      const admins = new Set([...(await lockAdminGrants(trx)), ...config.adminAddresses]);
      if (admins.has(change.address) && admins.size <= 1) throw conflict("roles.lastAdmin");
    }
    const before = await findGrant(trx, change.address, change.role);
    const row = before && (await deleteGrant(trx, change.address, change.role));
    if (!row) throw notFound("roles.notHeld", { address: change.address, role: change.role });
    await audit(trx, { action: "role.revoke", target: `operator:${change.address}`, before: grantView(row) });
    return grantView(row);
  });
}
