import type { NoticeItem } from "@domain/api/notices";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Api, apiOf } from "@/lib/api-of-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

/** POST /base/api/home/notices `{page, limit}` (public; read state when signed in). */
export function getNotices(api: Api, { page, limit, signal }: { page: number; limit: number; signal?: AbortSignal }) {
  return api.post<Paged<NoticeItem>>("/home/notices", { page, limit }, { signal });
}

/**
 * The latest few notices, for the home page's ticker. A module of its own: home's first screen
 * declares this query (app/landing-data.ts), so it is in the entry every page loads, and the
 * notice list's paging is not.
 */
export function latestNoticesQueryOptions(limit = 5) {
  return queryOptions({
    queryKey: [...queryKeys.notices, "latest", limit],
    queryFn: ({ signal, client }) => getNotices(apiOf(client), { page: 1, limit, signal }),
  });
}

export function useLatestNotices(limit = 5) {
  return useQuery(latestNoticesQueryOptions(limit));
}
