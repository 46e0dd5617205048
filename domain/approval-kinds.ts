import type { OperatorRole } from "./operator-roles";

/*
 * Operator actions that wait for a second operator, as plain values: the web app's console reads
 * them without loading the API's zod schemas (domain/api/approvals.ts builds those from them).
 */

export const APPROVAL_KINDS = ["balance.adjust", "withdraw.retry", "role.grant", "role.revoke"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;

/**
 * The role that sees and decides each kind: treasurers the money, admins the role changes (a grant
 * of treasurer or admin, or a revocation of admin, while two admins or more exist).
 */
export const APPROVAL_DECIDER: Readonly<Record<ApprovalKind, OperatorRole>> = {
  "balance.adjust": "treasurer",
  "withdraw.retry": "treasurer",
  "role.grant": "admin",
  "role.revoke": "admin",
};

/** The kinds `roles` may see and decide. */
export const approvalKindsFor = (roles: readonly OperatorRole[]): ApprovalKind[] =>
  APPROVAL_KINDS.filter((kind) => roles.includes(APPROVAL_DECIDER[kind]));

/** The roles whose grant waits for a second admin when two admins or more exist. */
export const FOUR_EYES_GRANT_ROLES: readonly OperatorRole[] = ["treasurer", "admin"];

/**
 * The roles whose revocation waits for a second admin when two admins or more exist: taking admin
 * from one of two admins (or giving up one's own) would leave the other to grant alone.
 */
export const FOUR_EYES_REVOKE_ROLES: readonly OperatorRole[] = ["admin"];

/** The balances an operator may adjust: CNY (fen) and spendable USDT (micro-USDT). */
export const ADJUSTABLE_CURRENCIES = ["CNY", "USDT"] as const;

/** A balance adjustment's delta: a non-zero whole number of minor units, at most 15 digits, as a string. */
export const ADJUST_DELTA_PATTERN = /^-?[1-9][0-9]{0,14}$/;

/** The longest reason an adjustment may give. */
export const ADJUST_REASON_MAX = 256;
