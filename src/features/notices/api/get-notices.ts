import type { NoticeItem } from "@domain/api/notices";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { type Api, apiOf } from "@/lib/api-of-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

export type { NoticeItem } from "@domain/api/notices";

export const NOTICE_PAGE_SIZE = 10;

/** POST /base/api/home/notices `{page, limit}` (public; read state when signed in). */
export function getNotices(
  api: Api,
  { page, limit = NOTICE_PAGE_SIZE, signal }: { page: number; limit?: number; signal?: AbortSignal },
) {
  return api.post<Paged<NoticeItem>>("/home/notices", { page, limit }, { signal });
}

export function noticesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.notices, "list"],
    queryFn: ({ pageParam, signal, client }) => getNotices(apiOf(client), { page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useNotices() {
  return useInfiniteQuery(noticesQueryOptions());
}

/** The latest few notices, for the home page's ticker. */
export function latestNoticesQueryOptions(limit = 5) {
  return queryOptions({
    queryKey: [...queryKeys.notices, "latest", limit],
    queryFn: ({ signal, client }) => getNotices(apiOf(client), { page: 1, limit, signal }),
  });
}

export function useLatestNotices(limit = 5) {
  return useQuery(latestNoticesQueryOptions(limit));
}
