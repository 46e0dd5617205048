import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AssetRecord } from "@domain/api/assets";
import { api } from "@/lib/api-client";
import { pollEvery } from "@/lib/live-updates/live-state";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

/** POST /base/api/asset/records `{type: "recharge"}`: the latest recharges, for the recharge page. */
export type RechargeRecord = AssetRecord;

const QUERY = { type: "recharge", page: 1, limit: 5 } as const;
export const RECHARGE_POLL_MS = 2000;

export function getRechargeRecords(signal?: AbortSignal): Promise<Paged<RechargeRecord>> {
  return api.post<Paged<RechargeRecord>>("/asset/records", QUERY, { signal });
}

/**
 * Polls while a recharge is Pending, so the credit shows without a reload; slowly while live
 * updates push its confirmations (src/lib/live-updates).
 */
export function rechargeRecordsQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.assetRecords, QUERY],
    queryFn: ({ signal }) => getRechargeRecords(signal),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === "Pending") ? pollEvery(RECHARGE_POLL_MS) : false),
  });
}

export function useRechargeRecords() {
  return useQuery(rechargeRecordsQueryOptions());
}
