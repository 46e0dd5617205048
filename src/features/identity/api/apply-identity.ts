import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { IdentityApplication, IdentityApplyInput } from "@domain/api/identity";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /base/api/user/authApply: real name, ID number and the two uploaded images. */
export type IdentityInput = IdentityApplyInput;

export function applyIdentity(input: IdentityInput): Promise<IdentityApplication> {
  return api.post<IdentityApplication>("/user/authApply", input);
}

export function useApplyIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyIdentity,
    onSuccess: (application) => {
      queryClient.setQueryData(queryKeys.identity, application);
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
    },
  });
}
