import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** All amounts are micro-USDT as decimal strings. */
export interface Earnings {
  totals: { invested: string; income: string; reward: string; earned: string; orders: number; runningOrders: number };
  perProduct: { productId: number; title: string; orders: number; runningOrders: number; invested: string; income: string }[];
  team: {
    byLevel: { level: number; members: number; reward: string }[];
    byMember: { address: string; nickname: string | null; level: number; reward: string }[];
  };
  byQuarter: { quarter: string; year: number; q: number; income: string; reward: string; earned: string }[];
  series: {
    bucket: "day" | "week";
    points: { date: string; invested: string; income: string; reward: string; earned: string }[];
  };
}

/**
 * The four pages share one answer; the time series in weeks over half a year shows the whole
 * life of a typical order (75–180 days) on a phone-wide chart.
 */
export const EARNINGS_QUERY = { bucket: "week", points: 26 } as const;

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
