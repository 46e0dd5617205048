import type { Region } from "@domain/api/cities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { Region } from "@domain/api/cities";

/** GET /base/api/home/city/list: province → city → district. */
export function getCities(): Promise<Region[]> {
  return api.get<Region[]>("/home/city/list");
}

/** Static data: fetched once per visit. */
export function citiesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.cities, queryFn: getCities, staleTime: Infinity, gcTime: Infinity });
}

export function useCities() {
  return useQuery(citiesQueryOptions());
}
