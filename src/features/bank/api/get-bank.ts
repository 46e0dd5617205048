import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/user/bank/info: the latest bank account application (card masked), or null. */
export interface BankApplication {
  id: number;
  bankName: string;
  branch: string;
  holder: string;
  cardNumber: string;
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: number;
  reviewedAt: number | null;
}

export function getBank(): Promise<BankApplication | null> {
  return api.post<BankApplication | null>("/user/bank/info");
}

export function bankQueryOptions() {
  return queryOptions({ queryKey: queryKeys.bank, queryFn: getBank, staleTime: 0 });
}

export function useBank() {
  return useQuery(bankQueryOptions());
}
