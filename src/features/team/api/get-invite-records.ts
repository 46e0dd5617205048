import type { InviteRecord } from "@domain/api/team";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

/** GET /base/api/user/invite/records/{page}: the people the user invited directly. */
export type { InviteRecord } from "@domain/api/team";

export function getInviteRecords(page: number): Promise<Paged<InviteRecord>> {
  return api.get<Paged<InviteRecord>>(`/user/invite/records/${page}?limit=10`);
}

export function inviteRecordsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...queryKeys.team, "invites", page],
    queryFn: () => getInviteRecords(page),
    placeholderData: keepPreviousData,
  });
}

export function useInviteRecords(page: number) {
  return useQuery(inviteRecordsQueryOptions(page));
}
