import type { ChainInviter } from "@domain/api/chain-inviter";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * GET /base/api/user/chain/inviter: whether the signed-in address is already in the DAO's
 * invitation tree on chain, and under whom (`inviter` null: no inviter of ours, a root or under
 * the tree's root; its code null: it never signed in here). `chain` false: no chain configured.
 */
export type { ChainInviter } from "@domain/api/chain-inviter";

export function getChainInviter(): Promise<ChainInviter> {
  return api.get<ChainInviter>("/user/chain/inviter");
}

export function chainInviterQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.user, "chain-inviter"], queryFn: getChainInviter, retry: false });
}

export function useChainInviter() {
  return useQuery(chainInviterQueryOptions());
}
