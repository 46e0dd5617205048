import type { EditProfileInput } from "@domain/api/profile";
import type { UserInfo } from "@domain/api/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { storeUserInfo } from "@/lib/session";

/** POST /base/api/user/edit `{nickname}`: the lottery nickname is the account's nickname ("" clears it). */
export function editNickname(nickname: string): Promise<UserInfo> {
  const body: EditProfileInput = { nickname };
  return api.post<UserInfo>("/user/edit", body);
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
