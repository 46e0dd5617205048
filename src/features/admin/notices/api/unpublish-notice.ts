import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { adminKeys } from "../../api/admin-keys";
import type { AdminNotice } from "./get-admin-notices";

/** POST admin/notice/unpublish/{id} (editor): readers no longer see it; audited. */
export function useUnpublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<AdminNotice>(`/admin/notice/unpublish/${id}`, {}),
    onSuccess: () =>
      Promise.all(
        [adminKeys.notices, adminKeys.audit, queryKeys.notices].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
