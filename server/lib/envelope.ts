import { englishText, type Refusal } from "../../domain/refusals";

/**
 * The reply envelope of specification §7: code 0 carries data, any other code carries msg, and
 * (ours) the refusal's key and params, so the client can say it in the user's language.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
  key?: Refusal["key"];
  params?: Refusal["params"];
}

/** A success; `code` is the literal 0 so a route's reply type matches its response schema. */
export const ok = <T>(data: T) => ({ code: 0 as const, msg: "success", data });

/** A refusal: `msg` is its English text (followed by `detail` when given), `params` only when it has any. */
export const fail = (code: number, r: Refusal, detail?: string): Envelope<null> => ({
  code,
  msg: detail ? `${englishText(r)} (${detail})` : englishText(r),
  data: null,
  key: r.key,
  ...(r.params ? { params: r.params } : {}),
});
