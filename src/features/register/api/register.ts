import type { RegisterInput, RegisterReply } from "@domain/api/register";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { storeUserInfo } from "@/lib/session";

/** POST /base/api/user/register: binds inviter, email (with its code) and fund password to the signed-in address. */
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
