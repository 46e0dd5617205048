import type { MyFiguresReply } from "@domain/api/protocol-my-figures";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Api, apiOf } from "@/lib/api-of-client";
import { getStoredAddress, isLoggedIn } from "@/lib/session";

export type { MyFigures } from "@domain/api/protocol-my-figures";

/** GET /base/api/protocol/figures/mine (signed in): the session account's own figures (ADR-0212). */
export function getMyFigures(api: Api, signal?: AbortSignal): Promise<MyFiguresReply> {
  return api.get<MyFiguresReply>("/protocol/figures/mine", { signal });
}

/**
 * The server's reading of the signed-in account's balances at the public figures' block: what the
 * stake page paints before the wallet code and its reads, which then take over. Keyed by the
 * session's address, so that another account signed in on this browser never sees them. Never the
 * ground of a transaction.
 */
export function myFiguresQueryOptions(address: string | null = getStoredAddress()) {
  return queryOptions({
    queryKey: ["protocol", "figures", "mine", address?.toLowerCase() ?? null] as const,
    queryFn: ({ signal, client }) => getMyFigures(apiOf(client), signal),
    enabled: Boolean(address) && isLoggedIn(),
    staleTime: 3_000,
    refetchInterval: 30_000,
  });
}

export function useMyFigures() {
  return useQuery(myFiguresQueryOptions());
}
