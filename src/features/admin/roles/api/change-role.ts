import type { grantRoleOutcome, roleChangeBody } from "@domain/api/operators";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";
import type { RoleGrant } from "./get-roles";

export type RoleChange = z.input<typeof roleChangeBody>;
/** What a grant answers: the grant, or the request another admin approves (treasurer or admin, two admins or more). */
export type GrantOutcome = z.infer<typeof grantRoleOutcome>;

/** Whether a grant's answer is the request that waits for a second admin. */
export const awaitsApproval = (outcome: GrantOutcome | RoleGrant): outcome is Extract<GrantOutcome, { approval: unknown }> =>
  "approval" in outcome;

/**
 * POST admin/roles/grant or admin/roles/revoke `{address, role}` (admin); audited. A grant may
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
