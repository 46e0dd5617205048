import type { ProtocolFiguresReply } from "@domain/api/protocol-figures";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Api, apiOf } from "@/lib/api-of-client";

export type { ProtocolFigures, StakeFigures, BondFigures, LotteryFigures } from "@domain/api/protocol-figures";

/** GET /base/api/protocol/figures (public): the protocol's public figures at one block (ADR-0209). */
export function getProtocolFigures(api: Api, signal?: AbortSignal): Promise<ProtocolFiguresReply> {
  return api.get<ProtocolFiguresReply>("/protocol/figures", { signal });
}

/**
 * The server's reading of the public figures at a block: what a protocol page paints before the
 * wallet code has loaded and the chain has answered its own reads, which then take over. Never
 * the ground of a transaction: every write reads the chain first.
 */
export function publicFiguresQueryOptions() {
  return queryOptions({
    queryKey: ["protocol", "figures"] as const,
    // Through whichever API the query client reaches: the browser's, or a server render's.
    queryFn: ({ signal, client }) => getProtocolFigures(apiOf(client), signal),
    staleTime: 3_000,
    refetchInterval: 30_000,
  });
}

export function usePublicFigures() {
  return useQuery(publicFiguresQueryOptions());
}
