import { z } from "zod";
import { approvalItem } from "./approvals";
import { isEvmAddress } from "../evm-address";
import { OPERATOR_ROLES } from "../operator-roles";

/* Who operates: `GET admin/me`, `GET admin/roles`, `POST admin/roles/grant` and `admin/roles/revoke`. */

export const operatorRole = z.enum(OPERATOR_ROLES, { error: `role must be one of ${OPERATOR_ROLES.join(", ")}` });

/** A wallet address in any case; held lowercase. */
export const walletAddress = z
  .string()
  .max(42)
  .refine(isEvmAddress, "address must be a 0x address of 40 hex digits")
  .transform((v) => v.toLowerCase());

/** GET admin/me: who I am to the operator API. */
export const operatorMe = z.object({
  /** My lowercase address, or `token` for the shared ADMIN_TOKEN. */
  operator: z.string(),
  roles: z.array(operatorRole),
  /** An admin by the ADMIN_ADDRESSES setting (not revocable through the API). */
  configuredAdmin: z.boolean(),
});

/** One role held by one wallet. */
export const roleGrant = z.object({
  address: z.string(),
  role: operatorRole,
  /** Who granted it (an address, or `config` for ADMIN_ADDRESSES). */
  grantedBy: z.string(),
  /** Epoch ms; null for a configured admin. */
  grantedAt: z.number().int().nullable(),
});

/** GET admin/roles: every grant, configured admins first. */
export const roleGrants = z.array(roleGrant);

/** POST admin/roles/grant and admin/roles/revoke. */
export const roleChangeBody = z.strictObject({ address: walletAddress, role: operatorRole });

/**
 * POST admin/roles/grant: the grant itself, or, for treasurer or admin while two admins or more
 * exist, the request that waits for a second admin.
 */
export const grantRoleOutcome = z.union([roleGrant, z.object({ status: z.literal("AwaitingApproval"), approval: approvalItem })]);

/**
 * POST admin/roles/revoke: the grant taken back, or, for admin while two admins or more exist,
 * the request that waits for a second admin.
 */
export const revokeRoleOutcome = grantRoleOutcome;
