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

/** User info, and how the inviter was chosen: the address's binding on chain wins over the form's code. */
export interface RegisterReply extends UserInfo {
  inviterFromChain: boolean;
  codeOverridden: boolean;
}

export function register(input: RegisterInput): Promise<RegisterReply> {
  return api.post<RegisterReply>("/user/register", input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ inviterFromChain: _fromChain, codeOverridden: _overridden, ...info }) => {
      storeUserInfo(info);
      queryClient.setQueryData(queryKeys.userInfo, info);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user, refetchType: "none" });
    },
  });
}
