import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { BankApplication, BankApplyInput } from "@domain/api/bank";

/** POST /base/api/user/bankApply: bank name, branch, holder (the verified real name) and card number. */
export type BankInput = BankApplyInput;

export function applyBank(input: BankInput): Promise<BankApplication> {
  return api.post<BankApplication>("/user/bankApply", input);
}

export function useApplyBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBank,
    onSuccess: (application) => {
      queryClient.setQueryData(queryKeys.bank, application);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    },
  });
}
