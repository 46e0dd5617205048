import type { Nonce } from "@domain/api/auth";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /base/api/user/nonce: a one-time nonce for the sign-in message. */
export function getNonce(): Promise<Nonce> {
  return api.get<Nonce>("/user/nonce");
}

/** A nonce is single-use: never served from the cache. */
export function nonceQueryOptions() {
  return queryOptions({ queryKey: queryKeys.nonce, queryFn: getNonce, staleTime: 0, gcTime: 0 });
}

/** Fetches a fresh nonce when called (sign-in asks for one per attempt). */
export function useFetchNonce() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(nonceQueryOptions()), [queryClient]);
}
