/** Why a call failed: the server said no (`reply`), or no usable reply arrived. */
export type ApiErrorKind = "reply" | "network" | "timeout" | "malformed";

/** A rejected API call. `code` is the envelope's code (equal to the HTTP status for errors). */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly code: number,
    readonly msg: string,
    readonly kind: ApiErrorKind = "reply",
    options?: { cause?: unknown },
  ) {
    super(msg, options);
  }
}

/** Network failures and time-outs carry no server code. */
export const NETWORK_ERROR_CODE = -1;
export const TIMEOUT_ERROR_CODE = -2;
