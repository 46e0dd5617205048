import type { AlloySummary } from "@domain/api/alloy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /base/api/user/alloy (signed in). */
export function getAlloy({ signal }: { signal?: AbortSignal } = {}): Promise<AlloySummary> {
  return api.get<AlloySummary>("/user/alloy", { signal });
}

export function alloyQueryOptions() {
  return queryOptions({ queryKey: queryKeys.alloy, queryFn: ({ signal }) => getAlloy({ signal }) });
}

export function useAlloy() {
  return useQuery(alloyQueryOptions());
}
