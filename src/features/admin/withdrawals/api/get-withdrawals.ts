import type { adminWithdrawal, adminWithdrawalsBody } from "@domain/api/assets";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys } from "../../api/admin-keys";

export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export type WithdrawalStatus = NonNullable<z.input<typeof adminWithdrawalsBody>["status"]>;

export const WITHDRAWALS_PAGE_SIZE = 10;

/** POST admin/withdraw/list `{status?, page, limit}` (treasurer): every user's withdrawals with their payout attempts. */
export function useWithdrawals(page: number, status: WithdrawalStatus | "") {
  const body = { page, limit: WITHDRAWALS_PAGE_SIZE, ...(status ? { status } : {}) };
  return useQuery({
    queryKey: [...adminKeys.withdrawals, body],
    queryFn: ({ signal }) => api.post<Paged<AdminWithdrawal>>("/admin/withdraw/list", body, { signal }),
    placeholderData: keepPreviousData,
  });
}
