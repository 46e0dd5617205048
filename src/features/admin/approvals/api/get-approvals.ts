import type { ApprovalItem } from "@domain/api/approvals";
import type { APPROVAL_KINDS, APPROVAL_STATUSES } from "@domain/approval-kinds";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { Paged } from "@/types/paged";
import { adminKeys, queryString } from "../../api/admin-keys";

export type { ApprovalItem } from "@domain/api/approvals";
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVALS_PAGE_SIZE = 10;

/** GET admin/approvals `?status&kind&page&limit` (treasurer): requests waiting for, or decided by, a second treasurer. */
export function useApprovals(page: number, filters: { status: ApprovalStatus | ""; kind: ApprovalKind | "" }) {
  const query = { ...filters, page, limit: APPROVALS_PAGE_SIZE };
  return useQuery({
    queryKey: [...adminKeys.approvals, query],
    queryFn: ({ signal }) => api.get<Paged<ApprovalItem>>(`/admin/approvals${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
