import type { EditNoticeInput, PublishNoticeInput } from "@domain/api/notices";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { adminKeys } from "../../api/admin-keys";
import type { AdminNotice } from "./get-admin-notices";

export type NoticeSave = { id: null; input: PublishNoticeInput } | { id: number; input: EditNoticeInput };

/** POST admin/notice/add, or admin/notice/update/{id} (editor); audited. Readers' notice lists refresh too. */
export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: NoticeSave) =>
      save.id === null
        ? api.post<AdminNotice>("/admin/notice/add", save.input)
        : api.post<AdminNotice>(`/admin/notice/update/${save.id}`, save.input),
    onSuccess: () =>
      Promise.all(
        [adminKeys.notices, adminKeys.audit, queryKeys.notices].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
