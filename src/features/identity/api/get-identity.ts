import { queryOptions, useQuery } from "@tanstack/react-query";
import type { IdentityApplication } from "@domain/api/identity";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { IdentityApplication } from "@domain/api/identity";

/** POST /base/api/user/auth/info: the latest identity application (ID number masked), or null. */
export function getIdentity(): Promise<IdentityApplication | null> {
  return api.post<IdentityApplication | null>("/user/auth/info");
}

export function identityQueryOptions() {
  return queryOptions({ queryKey: queryKeys.identity, queryFn: getIdentity, staleTime: 0 });
}

export function useIdentity() {
  return useQuery(identityQueryOptions());
}
