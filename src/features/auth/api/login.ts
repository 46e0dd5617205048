import type { LoginInput, LoginResult } from "@domain/api/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { saveLogin } from "@/lib/session";

/** POST /base/api/user/login: a signed EIP-4361 message for a session token. */
export function login(input: LoginInput): Promise<LoginResult> {
  return api.post<LoginResult>("/user/login", input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, userInfo }) => {
      saveLogin({ token, address: userInfo.address, userInfo });
      // The reply carries fresh user info: use it, and let anything else about the user refetch.
      queryClient.setQueryData(queryKeys.userInfo, userInfo);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user, refetchType: "none" });
    },
  });
}
