import type { roleGrants } from "@domain/api/operators";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";

export type RoleGrant = z.infer<typeof roleGrants>[number];

/** GET admin/roles (admin): every grant, configured admins first. */
export function useRoleGrants() {
  return useQuery({
    queryKey: adminKeys.roles,
    queryFn: ({ signal }) => api.get<RoleGrant[]>("/admin/roles", { signal }),
  });
}
