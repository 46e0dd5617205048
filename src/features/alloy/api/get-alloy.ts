import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

type Slot = 1 | 2 | 3 | 4 | 5;

export interface AlloyMaterialRow {
  material: number;
  name: string;
  /** The user's pieces. */
  user: number;
  /** What the shop can still grant. */
  remaining: number;
}

/** `user1..user5` (my pieces) and `alloy1..alloy5` (total remaining), and the same as a list. */
export type AlloySummary = Record<`user${Slot}` | `alloy${Slot}`, number> & { materials: AlloyMaterialRow[] };

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
