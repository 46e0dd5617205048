import { z } from "zod";
import { pageFields } from "./page";

export { AUDIT_ACTIONS } from "../audit-actions";

/* The operators' audit: `GET admin/audit`. */

/** GET admin/audit `?operator&action&target&page&limit`: exact matches, newest first. */
export const auditQuery = z.strictObject({
  /** A wallet address (any case) or `token`. */
  operator: z
    .string()
    .trim()
    .max(42)
    .transform((v) => v.toLowerCase())
    .optional(),
  action: z.string().trim().max(64).optional(),
  target: z.string().trim().max(128).optional(),
  ...pageFields,
});

export const auditEntry = z.object({
  id: z.number().int(),
  /** The operator's lowercase address, or `token` for the shared ADMIN_TOKEN. */
  operator: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  /** The state before and after, as the JSON text that was recorded (amounts as decimal strings). */
  beforeJson: z.string().nullable(),
  afterJson: z.string().nullable(),
  /** The client's address as our web server reported it. */
  clientAddress: z.string().nullable(),
  createdAt: z.number().int(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;
