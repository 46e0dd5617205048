import type { ForgetFundPasswordInput } from "@domain/api/account-fields";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /base/api/home/forget `{email, code, fundPassword}`: a new fund password with a mailed code. */
export type ResetInput = ForgetFundPasswordInput;

export function resetFundPassword(input: ResetInput): Promise<null> {
  return api.post<null>("/home/forget", input);
}

/** Nothing cached holds the fund password: no query to invalidate. */
export function useResetFundPassword() {
  return useMutation({ mutationFn: resetFundPassword });
}
