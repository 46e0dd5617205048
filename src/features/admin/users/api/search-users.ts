import type { AdminUser } from "@domain/api/admin-users";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys, queryString } from "../../api/admin-keys";

export type { AdminUser } from "@domain/api/admin-users";

export const USERS_PAGE_SIZE = 10;

/**
 * GET admin/users `?q&page&limit` (reviewer or treasurer): by full address or its start, email or
 * invitation code, with every balance. Nothing is asked before a search is entered.
 */
export function useUserSearch(q: string, page: number) {
  const query = { q: q.trim(), page, limit: USERS_PAGE_SIZE };
  return useQuery({
    queryKey: [...adminKeys.users, "search", query],
    queryFn: ({ signal }) => api.get<Paged<AdminUser>>(`/admin/users${queryString(query)}`, { signal }),
    enabled: query.q !== "",
    placeholderData: keepPreviousData,
  });
}
