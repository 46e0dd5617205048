import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SNAPSHOT_RANGES = ["7d", "30d", "90d", "max"] as const;
export type SnapshotRange = (typeof SNAPSHOT_RANGES)[number];

export function isSnapshotRange(value: string | null): value is SnapshotRange {
  return value !== null && (SNAPSHOT_RANGES as readonly string[]).includes(value);
}

/** One recorded point; figures are 18-decimal base units as decimal strings. */
export interface Snapshot {
  at: number;
  block: number;
  /** Demo history made up before the first real snapshot (see docs/decisions.md). */
  synthetic: boolean;
  marketCap: string;
  pexPrice: string;
  backingPerPex: string;
  pexTotalSupply: string;
  winPrice: string;
  winVault: string;
  win1Price: string;
  win1Vault: string;
  treasury1Value: string;
  treasury2Value: string;
  totalDepositedPex: string;
  polLiquidity: string;
  polValue: string;
  /** ETH price (18 decimals) and the protocol's pool share (basis points); null when not recorded. */
  ethPrice: string | null;
  polShareBps: string | null;
}

export interface SnapshotSeries {
  range: SnapshotRange;
  list: Snapshot[];
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
