import type { TFunction } from "@/lib/i18n";
import { ApiError } from "@/lib/api-error";

/** EIP-1193 "user rejected the request". */
const USER_REJECTED = 4001;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === "object" && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function isUserRejection(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code, name } = e as { code?: unknown; name?: unknown };
    return code === USER_REJECTED || name === "UserRejectedRequestError";
  });
}

/** A sentence for the login page: the wallet's refusal, the server's message, or the wallet's error. */
export function describeSignInError(error: unknown, t: TFunction): string {
  if (isUserRejection(error)) return t("login.error.rejected");
  if (error instanceof ApiError) return error.msg;
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown };
  const detail = typeof shortMessage === "string" ? shortMessage : typeof message === "string" ? message : String(error);
  return t("login.error.generic", { message: detail });
}
