import { isInvitationCode } from "./invitation-code";

/** Codes are shown upper-case; people type them in any case and with stray spaces. */
export function normaliseInvitationCode(value: string): string {
  return value.trim().toUpperCase();
}

export function isWellFormedInvitationCode(value: string): boolean {
  return isInvitationCode(value);
}

/**
 * Binding `userId` under `inviterId` is refused when it would make the user their own
 * ancestor. `inviterAncestors` is the inviter's chain upwards (inviter's inviter first).
 */
export function inviterProblem(userId: bigint, inviterId: bigint, inviterAncestors: readonly bigint[]): "self" | "cycle" | null {
  if (inviterId === userId) return "self";
  if (inviterAncestors.includes(userId)) return "cycle";
  return null;
}
