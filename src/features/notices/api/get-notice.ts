import type { NoticeDetail } from "@domain/api/notices";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { NoticeDetail } from "@domain/api/notices";

/** POST /base/api/home/notice/{id} (public; marks the notice read when signed in). */
export function getNotice({ id, signal }: { id: number; signal?: AbortSignal }): Promise<NoticeDetail> {
  return api.post<NoticeDetail>(`/home/notice/${id}`, {}, { signal });
}

export function noticeQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeys.notices, "detail", id],
    queryFn: ({ signal }) => getNotice({ id, signal }),
  });
}

/** Reading a notice changes its read state, so the lists are refreshed once it has loaded. */
export function useNotice(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...noticeQueryOptions(id ?? 0), enabled: id !== null });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded)
      void queryClient.invalidateQueries({
        queryKey: queryKeys.notices,
        predicate: (q) => q.queryKey[1] !== "detail",
      });
  }, [loaded, queryClient]);
  return query;
}
