import type { operatorMe } from "@domain/api/operators";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "./admin-keys";

export type OperatorMe = z.infer<typeof operatorMe>;

/** GET /base/api/admin/me: who I am to the operator API; a wallet without a role is refused (403 admin.noRole). */
export function getOperatorMe({ signal }: { signal?: AbortSignal } = {}): Promise<OperatorMe> {
  return api.get<OperatorMe>("/admin/me", { signal });
}

export function operatorMeQueryOptions() {
  return queryOptions({ queryKey: adminKeys.me, queryFn: getOperatorMe, staleTime: 60_000 });
}

export function useOperatorMe() {
  return useQuery(operatorMeQueryOptions());
}
