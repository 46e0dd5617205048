import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /base/api/home/city/list: province → city → district. */
export interface Region {
  code: string;
  name: string;
  children?: Region[];
}

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
