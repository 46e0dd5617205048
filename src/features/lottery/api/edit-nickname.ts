import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { storeUserInfo } from "@/lib/session";
import type { UserInfo } from "@/types/api";

/** POST /base/api/user/edit `{nickname}`: the lottery nickname is the account's nickname ("" clears it). */
export function editNickname(nickname: string): Promise<UserInfo> {
  return api.post<UserInfo>("/user/edit", { nickname });
}

export function useEditNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editNickname,
    onSuccess: (info) => {
      storeUserInfo(info);
      queryClient.setQueryData(queryKeys.userInfo, info);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lotteryNicknames });
    },
  });
}
