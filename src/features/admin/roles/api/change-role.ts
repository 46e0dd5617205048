import type { roleChangeBody } from "@domain/api/operators";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";
import type { RoleGrant } from "./get-roles";

export type RoleChange = z.input<typeof roleChangeBody>;

/** POST admin/roles/grant or admin/roles/revoke `{address, role}` (admin); audited. */
export function useChangeRole(change: "grant" | "revoke") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleChange) => api.post<RoleGrant>(`/admin/roles/${change}`, body),
    onSuccess: () =>
      Promise.all(
        [adminKeys.roles, adminKeys.audit, adminKeys.me].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
