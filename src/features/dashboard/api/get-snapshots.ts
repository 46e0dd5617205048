import type { SnapshotSeries } from "@domain/api/protocol";
import type { SnapshotRange } from "@domain/snapshot-history";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { Snapshot, SnapshotSeries } from "@domain/api/protocol";
export type { SnapshotRange } from "@domain/snapshot-history";

/** The range picker's order. */
export const SNAPSHOT_RANGES = ["7d", "30d", "90d", "max"] as const satisfies readonly SnapshotRange[];

export function isSnapshotRange(value: string | null): value is SnapshotRange {
  return value !== null && (SNAPSHOT_RANGES as readonly string[]).includes(value);
}

/** GET /base/api/protocol/snapshots?range=… (public). */
export function getSnapshots(range: SnapshotRange, signal?: AbortSignal): Promise<SnapshotSeries> {
  return api.get<SnapshotSeries>(`/protocol/snapshots?range=${range}`, { signal });
}

export function snapshotsQueryOptions(range: SnapshotRange) {
  return queryOptions({
    queryKey: ["protocol", "snapshots", range] as const,
    queryFn: ({ signal }) => getSnapshots(range, signal),
    staleTime: 60_000,
  });
}

/** `enabled: false` until the chart comes near the viewport: the list is the page's largest reply. */
export function useSnapshots(range: SnapshotRange, enabled = true) {
  return useQuery({ ...snapshotsQueryOptions(range), enabled });
}
