import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { storeUserInfo } from "@/lib/session";
import type { UserInfo } from "@/types/api";

/** POST /base/api/user/register: binds inviter, email (with its code) and fund password to the signed-in address. */
export interface RegisterInput {
  invitationCode?: string;
  email: string;
  code: string;
  fundPassword: string;
}

export function register(input: RegisterInput): Promise<UserInfo> {
  return api.post<UserInfo>("/user/register", input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (info) => {
      storeUserInfo(info);
      queryClient.setQueryData(queryKeys.userInfo, info);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user, refetchType: "none" });
    },
  });
}
