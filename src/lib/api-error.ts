/** Why a call failed: the server said no (`reply`), or no usable reply arrived. */
export type ApiErrorKind = "reply" | "network" | "timeout" | "malformed";

/** The params of a server refusal (`domain/refusals.ts`). */
export type RefusalParams = Record<string, string | number>;

/**
 * A rejected API call. `code` is the envelope's code (equal to the HTTP status for errors);
 * `msg` is what the user is shown, in their language. A server refusal also keeps its `key`
 * and `params`, so a form can tell which field it names (`params.field`).
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly key: string | undefined;
  readonly params: RefusalParams | undefined;

  constructor(
    readonly code: number,
    readonly msg: string,
    readonly kind: ApiErrorKind = "reply",
    options?: { cause?: unknown; key?: string; params?: RefusalParams },
  ) {
    super(msg, options);
    this.key = options?.key;
    this.params = options?.params;
  }
}

/** Network failures and time-outs carry no server code. */
export const NETWORK_ERROR_CODE = -1;
export const TIMEOUT_ERROR_CODE = -2;
