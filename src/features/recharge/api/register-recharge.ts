import type { RechargeIntent, RechargeIntentInput } from "@domain/api/assets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/asset/chain/recharge: registers the intent before the wallet pays. */
export type { RechargeIntent, RechargeIntentInput } from "@domain/api/assets";

export function registerRecharge(input: RechargeIntentInput): Promise<RechargeIntent> {
  return api.post<RechargeIntent>("/asset/chain/recharge", input);
}

/** The intent writes a Pending record: the records refetch. */
export function useRegisterRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerRecharge,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.assetRecords }),
  });
}
