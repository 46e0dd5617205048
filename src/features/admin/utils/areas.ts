import { OPERATOR_ROLES, type OperatorRole } from "@domain/operator-roles";
import type { OperatorMe } from "../api/get-operator-me";

/**
 * The console's areas, in the navigation's order, each with the roles whose calls it makes (the
 * server's guards, docs/api.md "Operators"): the navigation shows an operator only the areas one
 * of their roles opens. Paths are below `paths.admin` (`#/admin/<id>`).
 */
export const CONSOLE_AREAS = [
  { id: "identity", roles: ["reviewer"] },
  { id: "bank", roles: ["reviewer"] },
  { id: "withdrawals", roles: ["treasurer"] },
  { id: "approvals", roles: ["treasurer", "admin"] },
  { id: "users", roles: ["reviewer", "treasurer"] },
  { id: "settlement", roles: ["treasurer"] },
  { id: "products", roles: ["editor"] },
  { id: "notices", roles: ["editor"] },
  { id: "roles", roles: ["admin"] },
  { id: "audit", roles: OPERATOR_ROLES },
] as const satisfies readonly { id: string; roles: readonly OperatorRole[] }[];

export type ConsoleAreaId = (typeof CONSOLE_AREAS)[number]["id"];

/** The areas `roles` open, in the navigation's order. */
export function areasFor(roles: readonly OperatorRole[]): ConsoleAreaId[] {
  return CONSOLE_AREAS.filter((area) => area.roles.some((role: OperatorRole) => roles.includes(role))).map((a) => a.id);
}

/** Whether `roles` include one of `needed`. */
export const holdsAny = (roles: readonly OperatorRole[], ...needed: OperatorRole[]) => needed.some((r) => roles.includes(r));

/** What every area's page is given: the operator, whose roles decide what it offers. */
export interface AreaProps {
  me: OperatorMe;
}
