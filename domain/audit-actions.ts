/** The actions the operator API audits (each write's `audit(...)` call in server/modules): the values of `admin/audit?action`. */
export const AUDIT_ACTIONS = [
  "role.grant",
  "role.revoke",
  "identity.review",
  "bank.review",
  "withdraw.retry",
  "settlement.run",
  "approval.request",
  "approval.approve",
  "approval.reject",
  "balance.adjust",
  "product.create",
  "product.update",
  "product.image",
  "notice.publish",
  "notice.update",
  "notice.unpublish",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
