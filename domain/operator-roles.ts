/**
 * What an operator may do (the operator console). `admin` grants and revokes roles and nothing
 * else unless also granted another role.
 */
export const OPERATOR_ROLES = ["reviewer", "treasurer", "editor", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The roles of the shared ADMIN_TOKEN (scripts): neither `admin` nor `treasurer`, so a leaked
 * script token can review and edit but never hand out roles or move money, and whoever holds it
 * cannot file a money request under the anonymous name `token` and approve it with their own
 * wallet (ADR-0167, "The shared operator token").
 */
export const TOKEN_ROLES: readonly OperatorRole[] = ["reviewer", "editor"];

/** The operator name the shared token is recorded under in the audit. */
export const TOKEN_OPERATOR = "token";

export const isOperatorRole = (value: unknown): value is OperatorRole =>
  typeof value === "string" && (OPERATOR_ROLES as readonly string[]).includes(value);
