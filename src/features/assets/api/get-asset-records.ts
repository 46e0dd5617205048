import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AssetRecord, AssetRecordsQuery } from "@domain/api/assets";
import { api } from "@/lib/api-client";
import { pollEvery } from "@/lib/live-updates/live-state";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

/** POST /base/api/asset/records: the user's ledger records, newest first. */
export type { AssetRecord, AssetRecordsQuery } from "@domain/api/assets";

/**
 * While a record is Pending its status changes on the server (chain watcher, payout worker):
 * polled, slowly while live updates push those changes (src/lib/live-updates).
 */
export const PENDING_POLL_MS = 3000;

export function getAssetRecords(query: AssetRecordsQuery, signal?: AbortSignal): Promise<Paged<AssetRecord>> {
  return api.post<Paged<AssetRecord>>("/asset/records", { limit: 10, ...query }, { signal });
}

export function assetRecordsQueryOptions(query: AssetRecordsQuery) {
  return queryOptions({
    queryKey: [...queryKeys.assetRecords, query],
    queryFn: ({ signal }) => getAssetRecords(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === "Pending") ? pollEvery(PENDING_POLL_MS) : false),
  });
}

export function useAssetRecords(query: AssetRecordsQuery) {
  return useQuery(assetRecordsQueryOptions(query));
}
