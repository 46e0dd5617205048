import type { ApprovalItem } from "@domain/api/approvals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";

/**
 * POST admin/approvals/{id}/approve or /reject (treasurer for money, admin for grants; not the
 * requester): approving carries the request out, so balances, withdrawals or roles change too.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: "approve" | "reject" }) =>
      api.post<ApprovalItem>(`/admin/approvals/${id}/${decision}`, {}),
    onSuccess: () =>
      Promise.all(
        [adminKeys.approvals, adminKeys.users, adminKeys.withdrawals, adminKeys.roles, adminKeys.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
