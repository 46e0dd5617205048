import type { TransferInput, TransferResult } from "@domain/api/assets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/asset/transfer: withdrawUsdt → amountUsdt, with the fund password. */
export type { TransferInput, TransferResult } from "@domain/api/assets";

export function transfer(input: TransferInput): Promise<TransferResult> {
  return api.post<TransferResult>("/asset/transfer", input);
}

export function useTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transfer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void queryClient.invalidateQueries({ queryKey: queryKeys.assetRecords });
    },
  });
}
