import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/user/auth/info: the latest identity application (ID number masked), or null. */
export interface IdentityApplication {
  id: number;
  realName: string;
  idNumber: string;
  frontImage: string;
  backImage: string;
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: number;
  reviewedAt: number | null;
}

export function getIdentity(): Promise<IdentityApplication | null> {
  return api.post<IdentityApplication | null>("/user/auth/info");
}

export function identityQueryOptions() {
  return queryOptions({ queryKey: queryKeys.identity, queryFn: getIdentity, staleTime: 0 });
}

export function useIdentity() {
  return useQuery(identityQueryOptions());
}
