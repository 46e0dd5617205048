import type { EventName } from "@domain/api/events";
import { createSseParser } from "@domain/sse-parser";

/** A message of the stream: a pushed event, or `ready` / `reset` (domain/api/events.ts). */
export interface LiveMessage {
  name: EventName | "ready" | "reset";
  /** The position after this message: sent back as Last-Event-ID to resume. */
  id: string;
  data: string;
}

/** The stream was refused (`status`: 401 signed out, 429/503 a limit, 4xx/5xx otherwise). */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly key: string | null,
  ) {
    super(`live updates refused: HTTP ${status}${key ? ` ${key}` : ""}`);
  }
}

/**
 * Reads GET /base/api/user/events with fetch (the session is a header, which EventSource cannot
 * send) until the server ends it, the connection drops, or `signal` aborts. Resolves when it
 * ends; rejects with StreamRefused on a refusal, with the network's error on a drop.
 */
export async function readEventStream(o: {
  url: string;
  token: string;
  lastEventId: string | null;
  signal: AbortSignal;
  onMessage(m: LiveMessage): void;
  onRetry?(ms: number): void;
  fetch?: typeof fetch;
}): Promise<void> {
  const headers: Record<string, string> = { token: o.token, accept: "text/event-stream" };
  if (o.lastEventId) headers["last-event-id"] = o.lastEventId;
  const res = await (o.fetch ?? fetch)(o.url, { headers, signal: o.signal, cache: "no-store" });
  if (res.status !== 200 || !res.body) {
    const body = (await res.json().catch(() => null)) as { key?: unknown } | null;
    throw new StreamRefused(res.status, typeof body?.key === "string" ? body.key : null);
  }
  const parser = createSseParser({
    message: (m) => o.onMessage({ name: m.event as LiveMessage["name"], id: m.id, data: m.data }),
    retry: (ms) => o.onRetry?.(ms),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(value);
  }
}
