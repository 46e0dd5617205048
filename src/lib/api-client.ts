import { env } from "@/config/env";
import { currentHashPath, isQueryPage } from "@/config/paths";
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from "./api-error";
import { readRefusal } from "./api-refusal";
import { endSession } from "./end-session";
import { currentLanguage, i18n, tagOf } from "./i18n";
import { getToken } from "./session";
import { toast } from "./toast";

export { ApiError } from "./api-error";

/** Specification §9. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Codes rejected without a toast (specification §8). */
export const SILENT_CODES: readonly number[] = [501, 502];
export const UNAUTHORIZED_CODE = 401;

export interface RequestOptions {
  method?: "GET" | "POST";
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** `/user/info` → "<VITE_API_BASE>/base/api/user/info". */
export function apiUrl(path: string): string {
  return `${env.apiBase}/base/api${path.startsWith("/") ? path : `/${path}`}`;
}

function isEnvelope(value: unknown): value is { code: number; msg?: unknown; data?: unknown } {
  return typeof value === "object" && value !== null && typeof (value as { code?: unknown }).code === "number";
}

/**
 * What the app does with a non-zero code (specification §8); the call is rejected either way.
 * `msg` is the refusal in the user's language (the server's msg only for a key we lack).
 */
function reportFailure(code: number, msg: string): void {
  if (code === UNAUTHORIZED_CODE) {
    const page = currentHashPath();
    if (isQueryPage(page)) return;
    toast.error(i18n.t("api.relogin"));
    endSession({ returnTo: window.location.hash.replace(/^#/, "") });
    return;
  }
  if (SILENT_CODES.includes(code)) return;
  toast.error(msg || i18n.t("api.failed"));
}

/**
 * Calls the API: JSON in, `{code, msg, data}` out; code 0 resolves `data`. The envelope is read
 * whatever the HTTP status, because error replies carry their code both ways.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onCallerAbort, { once: true });

  // The user's language, so that a refusal's msg (shown for a key this build lacks) is in it too.
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": tagOf(currentLanguage()) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = getToken();
  if (token) headers.token = token;

  const json = body === undefined ? undefined : JSON.stringify(body);

  let reply: { status: number; payload: unknown };
  try {
    const response = await fetch(apiUrl(path), { method, headers, body: json, signal: controller.signal });
    const text = await response.text();
    try {
      reply = { status: response.status, payload: JSON.parse(text) };
    } catch (cause) {
      console.error(`API ${method} ${path}: reply is not JSON (HTTP ${response.status})`, cause);
      throw new ApiError(response.status, i18n.t("api.failed"), "malformed", { cause });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // A caller's cancellation (a query that is no longer needed) is not a failure to report.
    if (signal?.aborted && !timedOut) throw signal.reason ?? error;
    console.error(`API ${method} ${path} failed`, error);
    if (timedOut) throw new ApiError(TIMEOUT_ERROR_CODE, i18n.t("api.timeout"), "timeout", { cause: error });
    throw new ApiError(NETWORK_ERROR_CODE, i18n.t("api.network"), "network", { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }

  const { status, payload } = reply;
  if (!isEnvelope(payload)) {
    console.error(`API ${method} ${path}: reply is not an envelope (HTTP ${status})`, payload);
    throw new ApiError(status, i18n.t("api.failed"), "malformed");
  }
  if (payload.code === 0) return payload.data as T;
  const { text, key, params } = await readRefusal(payload);
  reportFailure(payload.code, text);
  throw new ApiError(payload.code, text || i18n.t("api.failed"), "reply", { key, params });
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
    request<T>(path, { ...options, method: "POST", body: body ?? {} }),
};
