import type { grantRoleOutcome, roleChangeBody } from "@domain/api/operators";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";
import type { RoleGrant } from "./get-roles";

export type RoleChange = z.input<typeof roleChangeBody>;
/**
 * What a grant or revoke answers: the grant, or the request another admin approves (a grant of
 * treasurer or admin, a revocation of admin, while two admins or more exist).
 */
export type GrantOutcome = z.infer<typeof grantRoleOutcome>;

/** Whether a grant's or revoke's answer is the request that waits for a second admin. */
export const awaitsApproval = (outcome: GrantOutcome | RoleGrant): outcome is Extract<GrantOutcome, { approval: unknown }> =>
  "approval" in outcome;

/**
 * POST admin/roles/grant or admin/roles/revoke `{address, role}` (admin); audited. Either may
 * answer a pending request instead of the grant.
 */
export function useChangeRole(change: "grant" | "revoke") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleChange) => api.post<GrantOutcome | RoleGrant>(`/admin/roles/${change}`, body),
    onSuccess: () =>
      Promise.all(
        [adminKeys.roles, adminKeys.audit, adminKeys.me, adminKeys.approvals].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
