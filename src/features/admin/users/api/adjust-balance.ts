import type { ApprovalItem, BalanceAdjustInput } from "@domain/api/approvals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";

/** POST admin/balance/adjust (treasurer): files the change for a second treasurer; nothing changes until approved. */
export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BalanceAdjustInput) => api.post<ApprovalItem>("/admin/balance/adjust", input),
    onSuccess: () =>
      Promise.all([adminKeys.approvals, adminKeys.audit].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
