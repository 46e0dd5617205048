import type { FastifyInstance } from "fastify";
import { OPERATOR_ROLES, type OperatorRole } from "../../../domain/operator-roles";
import { grantedRoles } from "./operator-roles.repository";

/** Whether `address` (lowercase) is an admin by configuration (ADMIN_ADDRESSES, or Hardhat #0 locally). */
export const isConfiguredAdmin = (app: Pick<FastifyInstance, "config">, address: string) =>
  app.config.adminAddresses.includes(address);

/** The roles `address` (lowercase) holds: its grants, and admin when configured so; in the order of OPERATOR_ROLES. */
export async function rolesOf(app: Pick<FastifyInstance, "config" | "db">, address: string): Promise<OperatorRole[]> {
  const held = new Set(await grantedRoles(app.db.kysely, address));
  if (isConfiguredAdmin(app, address)) held.add("admin");
  return OPERATOR_ROLES.filter((role) => held.has(role));
}
