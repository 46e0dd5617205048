import type { RefusalParams } from "./api-error";
import { dataKey, i18n, loadTextOf } from "./i18n";

export interface ReadRefusal {
  /** The key's text in the current locale, else the server's (English) msg; "" when neither. */
  text: string;
  key: string | undefined;
  params: RefusalParams | undefined;
}

function paramsOf(value: unknown): RefusalParams | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const params: RefusalParams = {};
  for (const [name, v] of Object.entries(value)) if (typeof v === "string" || typeof v === "number") params[name] = v;
  return params;
}

/**
 * What a refusal envelope `{code, msg, data, key, params}` says to this user: the key's text in
 * their language with the params filled in, or the server's msg when this build does not know
 * the key (a newer server) or its texts cannot be downloaded. The key's catalogue is loaded
 * first: a refusal may name any area's key. The params go in `replace`, so none of them can act
 * as an option (`count`, `defaultValue`, …).
 */
export async function readRefusal(payload: { msg?: unknown; key?: unknown; params?: unknown }): Promise<ReadRefusal> {
  const msg = typeof payload.msg === "string" ? payload.msg : "";
  const key = typeof payload.key === "string" && payload.key ? payload.key : undefined;
  const params = paramsOf(payload.params);
  if (key) await loadTextOf(key).catch((error: unknown) => console.error(`texts of ${key} could not be loaded`, error));
  const text = key && i18n.exists(key) ? i18n.t(dataKey(key), { replace: params ?? {} }) : msg;
  return { text, key, params };
}
