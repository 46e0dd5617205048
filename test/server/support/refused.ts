import { englishText, refusal, type RefusalArgs, type RefusalKey } from "../../../domain/refusals";

/** The envelope of a refusal: `{code, msg, data: null, key, params?}` with msg its English text. */
export function refused<K extends RefusalKey>(code: number, key: K, ...args: RefusalArgs<K>) {
  const r = refusal(key, ...args);
  return { code, msg: englishText(r), data: null, key, ...(r.params ? { params: r.params } : {}) };
}
