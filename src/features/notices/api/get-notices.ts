import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiOf } from "@/lib/api-of-client";
import { queryKeys } from "@/lib/query-keys";
import { getNotices } from "./get-latest-notices";

export type { NoticeItem } from "@domain/api/notices";

export const NOTICE_PAGE_SIZE = 10;

export function noticesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.notices, "list"],
    queryFn: ({ pageParam, signal, client }) => getNotices(apiOf(client), { page: pageParam, limit: NOTICE_PAGE_SIZE, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

export function useNotices() {
  return useInfiniteQuery(noticesQueryOptions());
}
