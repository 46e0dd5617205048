import type { adminNotice } from "@domain/api/notices";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys } from "../../api/admin-keys";

export type AdminNotice = z.infer<typeof adminNotice>;

export const NOTICES_PAGE_SIZE = 10;

/** POST admin/notice/list `{page, limit}` (editor): every notice, taken back or not, newest first. */
export function useAdminNotices(page: number) {
  const body = { page, limit: NOTICES_PAGE_SIZE };
  return useQuery({
    queryKey: [...adminKeys.notices, body],
    queryFn: ({ signal }) => api.post<Paged<AdminNotice>>("/admin/notice/list", body, { signal }),
    placeholderData: keepPreviousData,
  });
}
