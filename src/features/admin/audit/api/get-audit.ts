import type { AuditEntryView } from "@domain/api/audit";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys, queryString } from "../../api/admin-keys";

export type { AuditEntryView } from "@domain/api/audit";

export interface AuditFilters {
  operator: string;
  action: string;
  target: string;
}

export const AUDIT_PAGE_SIZE = 20;

/** GET admin/audit `?operator&action&target&page&limit` (any operator): exact matches, newest first. */
export function useAudit(page: number, filters: AuditFilters) {
  const query = {
    operator: filters.operator.trim(),
    action: filters.action,
    target: filters.target.trim(),
    page,
    limit: AUDIT_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [...adminKeys.audit, query],
    queryFn: ({ signal }) => api.get<Paged<AuditEntryView>>(`/admin/audit${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
