/**
 * API calls index.html's boot script (src/boot/first-load.ts) started while the app's own code
 * was still downloading: the API client takes a matching one instead of asking again.
 */
export interface EarlyRequest {
  method: "GET" | "POST";
  /** As the API client names it: "/home/product/list?page=1&limit=10". */
  path: string;
  /** The JSON body as sent, if any. */
  body: string | undefined;
  /** The session token it carried; a call made under another session asks again. */
  token: string | null;
  response: Promise<Response>;
}

/** Where the boot script leaves them (a global: it runs before any module). */
export const EARLY_REQUESTS = "__pexEarlyRequests";

type WithEarly = { [EARLY_REQUESTS]?: EarlyRequest[] };

/** Records a call the boot script started. */
export function addEarlyRequest(request: EarlyRequest, w: Window = window): void {
  const holder = w as unknown as WithEarly;
  (holder[EARLY_REQUESTS] ??= []).push(request);
}

/**
 * The reply of an early call identical to this one, once: a reply's body can be read only once,
 * and a later call (a refetch) must see fresh data.
 */
export function takeEarlyResponse(call: Omit<EarlyRequest, "response">, w: Window = window): Promise<Response> | undefined {
  const list = (w as unknown as WithEarly)[EARLY_REQUESTS];
  const index =
    list?.findIndex((r) => r.method === call.method && r.path === call.path && r.body === call.body && r.token === call.token) ??
    -1;
  if (!list || index < 0) return undefined;
  return list.splice(index, 1)[0]!.response;
}
