import type { TeamInfo } from "@domain/api/team";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /base/api/user/team/info: direct members, team size, team performance (micro-USDT). */
export type { TeamInfo } from "@domain/api/team";

export function getTeamInfo(): Promise<TeamInfo> {
  return api.get<TeamInfo>("/user/team/info");
}

export function teamInfoQueryOptions() {
  return queryOptions({ queryKey: [...queryKeys.team, "info"], queryFn: getTeamInfo });
}

export function useTeamInfo() {
  return useQuery(teamInfoQueryOptions());
}
