import type { LatestSnapshot } from "@domain/api/protocol";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { LatestSnapshot } from "@domain/api/protocol";

/** GET /base/api/protocol/snapshots/latest (public): the newest recorded reading alone. */
export function getLatestSnapshot(signal?: AbortSignal): Promise<LatestSnapshot> {
  return api.get<LatestSnapshot>("/protocol/snapshots/latest", { signal });
}

export function latestSnapshotQueryOptions() {
  return queryOptions({
    queryKey: ["protocol", "snapshots", "latest"] as const,
    queryFn: ({ signal }) => getLatestSnapshot(signal),
    staleTime: 60_000,
  });
}

/** The figures' first paint: a few hundred bytes, answered by the API without touching the chain. */
export function useLatestSnapshot({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...latestSnapshotQueryOptions(), enabled });
}
