import type { UserInfo as UserInfoReply } from "@domain/api/user";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type Api, apiOf } from "@/lib/api-of-client";
import { queryKeys } from "@/lib/query-keys";
import { getStoredUserInfo, getToken, storeUserInfo } from "@/lib/session";
import type { UserInfo } from "@/types/api";

/**
 * GET /base/api/user/info (token header). The result is also kept in localStorage (specification
 * §3); typed as kept, since the query starts from the stored copy.
 */
export async function getUserInfo({ signal, through = api }: { signal?: AbortSignal; through?: Api } = {}): Promise<UserInfo> {
  const info = await through.get<UserInfoReply>("/user/info", { signal });
  // The browser keeps its copy; a server render's visitor keeps theirs (main.tsx stores the
  // screen's reply before hydrating, so both renders read the same).
  if (through === api) storeUserInfo(info);
  return info;
}

export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.userInfo,
    queryFn: ({ signal, client }) => getUserInfo({ signal, through: apiOf(client) }),
    // Show the stored copy at once; it counts as stale, so balances are refreshed on every visit.
    initialData: () => getStoredUserInfo() ?? undefined,
    initialDataUpdatedAt: 0,
  });
}

export function useUserInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userInfoQueryOptions(), enabled });
}

/** On launch (specification §4): a token but no stored user info means fetch it. */
export function prefetchUserInfoOnLaunch(queryClient: QueryClient): void {
  if (getToken() && !getStoredUserInfo()) void queryClient.prefetchQuery(userInfoQueryOptions());
}
