import type { WithdrawInput, WithdrawResult } from "@domain/api/assets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/asset/withdraw: debits withdrawUsdt and queues the on-chain payout. */
export type { WithdrawInput, WithdrawResult } from "@domain/api/assets";

export function withdraw(input: WithdrawInput): Promise<WithdrawResult> {
  return api.post<WithdrawResult>("/asset/withdraw", input);
}

/** Changes the balances and writes a Pending record. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetRecords });
    },
  });
}
