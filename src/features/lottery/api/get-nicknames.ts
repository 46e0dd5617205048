import type { LotteryNicknames } from "@domain/api/lottery";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /base/api/lottery/nicknames?addresses=…: the nicknames players chose (server-stored), by lower-case address. */
export async function getNicknames(addresses: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const data = await api.get<LotteryNicknames>(`/lottery/nicknames?addresses=${addresses.join(",")}`, { signal });
  return new Map(data.list.map((e) => [e.address.toLowerCase(), e.nickname]));
}

export function nicknamesQueryOptions(addresses: readonly string[]) {
  const sorted = [...new Set(addresses.map((a) => a.toLowerCase()))].sort().slice(0, 50);
  return queryOptions({
    queryKey: [...queryKeys.lotteryNicknames, sorted],
    queryFn: ({ signal }) => getNicknames(sorted, signal),
    staleTime: 30_000,
  });
}

export function useNicknames(addresses: readonly string[]) {
  return useQuery({ ...nicknamesQueryOptions(addresses), enabled: addresses.length > 0 });
}
