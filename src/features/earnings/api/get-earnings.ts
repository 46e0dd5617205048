import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Earnings, EarningsInput } from "@domain/api/earnings";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { Earnings };

/**
 * The four pages share one answer; the time series in weeks over half a year shows the whole
 * life of a typical order (75–180 days) on a phone-wide chart.
 */
export const EARNINGS_QUERY = { bucket: "week", points: 26 } as const satisfies EarningsInput;

/** POST /base/api/asset/earnings `{bucket, points}` (signed in). */
export function getEarnings({ signal }: { signal?: AbortSignal } = {}): Promise<Earnings> {
  return api.post<Earnings>("/asset/earnings", EARNINGS_QUERY, { signal });
}

export function earningsQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.earnings, EARNINGS_QUERY], queryFn: ({ signal }) => getEarnings({ signal }) });
}

export function useEarnings() {
  return useQuery(earningsQueryOptions());
}
