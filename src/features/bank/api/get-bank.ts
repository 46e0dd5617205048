import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BankApplication } from "@domain/api/bank";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { BankApplication } from "@domain/api/bank";

/** POST /base/api/user/bank/info: the latest bank account application (card masked), or null. */
export function getBank(): Promise<BankApplication | null> {
  return api.post<BankApplication | null>("/user/bank/info");
}

export function bankQueryOptions() {
  return queryOptions({ queryKey: queryKeys.bank, queryFn: getBank, staleTime: 0 });
}

export function useBank() {
  return useQuery(bankQueryOptions());
}
