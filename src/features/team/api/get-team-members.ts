import type { TeamMember } from "@domain/api/team";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Paged } from "@/types/paged";

/** POST /base/api/user/teams `{page, limit}`: team members with level (1 = direct) and performance. */
export type { TeamMember } from "@domain/api/team";

export function getTeamMembers(page: number): Promise<Paged<TeamMember>> {
  return api.post<Paged<TeamMember>>("/user/teams", { page, limit: 10 });
}

export function teamMembersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...queryKeys.team, "members", page],
    queryFn: () => getTeamMembers(page),
    placeholderData: keepPreviousData,
  });
}

export function useTeamMembers(page: number) {
  return useQuery(teamMembersQueryOptions(page));
}
