/**
 * What the service worker (src/service-worker/sw.ts) may do with a request. Pure, so the rules
 * are tested without a browser (test/unit/service-worker/routing-rules.test.ts).
 *
 * - `private`: the API, and anything carrying a credential. Never answered by the worker and
 *   never cached: API replies carry balances and sessions, and a cached one would be shown to
 *   whoever opens the app next on that device, or stale after a purchase.
 * - `navigation`: opening a page of the app. The network first; the cached shell only when the
 *   network fails, so a new deploy is picked up at once.
 * - `asset`: a content-hashed build file (a new build means a new name): from the cache first.
 * - `network`: everything else (other hosts such as the chain RPC, images, POSTs): left to the
 *   browser as if there were no worker.
 */
export type RequestKind = "private" | "navigation" | "asset" | "network";

/** Where the API lives on this origin (web-server/app.ts, API_PREFIX). */
export const API_PREFIX = "/base/api";

/** Vite writes every content-hashed file there (web-server/static-files.ts caches them a year). */
export const HASHED_ASSETS_PREFIX = "/assets/";

/** The session token (DESIGN.md §1), an operator's token, and any other credential. */
const CREDENTIAL_HEADERS = ["token", "x-admin-token", "authorization"];

export interface RequestFacts {
  url: string;
  method: string;
  /** `Request.mode`: "navigate" when the browser opens a page. */
  mode: string;
  headers: Pick<Headers, "has">;
}

export function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export function carriesCredential(headers: Pick<Headers, "has">): boolean {
  return CREDENTIAL_HEADERS.some((name) => headers.has(name));
}

export function classifyRequest(request: RequestFacts, origin: string): RequestKind {
  const url = new URL(request.url);
  // Checked first, whatever else the request is: nothing of the API (on this origin or the one
  // VITE_API_BASE names) is ever the worker's.
  if (isApiPath(url.pathname)) return "private";
  if (carriesCredential(request.headers)) return "private";
  if (request.method !== "GET" || url.origin !== origin) return "network";
  if (request.mode === "navigate") return "navigation";
  if (url.pathname.startsWith(HASHED_ASSETS_PREFIX) && url.search === "") return "asset";
  return "network";
}
