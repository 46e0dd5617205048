import type { ledgerEntry } from "@domain/api/admin-users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys, queryString } from "../../api/admin-keys";
import type { LedgerCurrency } from "../../utils/money";

export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const LEDGER_PAGE_SIZE = 10;

/** GET admin/users/{id}/ledger `?currency&page&limit` (reviewer or treasurer): the user's balance changes, newest first. */
export function useUserLedger(userId: number, page: number, currency: LedgerCurrency | "") {
  const query = { currency, page, limit: LEDGER_PAGE_SIZE };
  return useQuery({
    queryKey: [...adminKeys.users, userId, "ledger", query],
    queryFn: ({ signal }) => api.get<Paged<LedgerEntry>>(`/admin/users/${userId}/ledger${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
