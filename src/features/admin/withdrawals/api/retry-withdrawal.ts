import type { retryWithdrawalOutcome } from "@domain/api/approvals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { adminKeys } from "../../api/admin-keys";

export type RetryOutcome = z.infer<typeof retryWithdrawalOutcome>;

/** POST admin/withdraw/retry/{id} (treasurer): a new payout of a failed withdrawal, or, above the limit, a request for a second treasurer. */
export function useRetryWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<RetryOutcome>(`/admin/withdraw/retry/${id}`, {}),
    onSuccess: () =>
      Promise.all(
        [adminKeys.withdrawals, adminKeys.approvals, adminKeys.audit].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
