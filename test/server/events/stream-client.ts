import http from "node:http";
import { createSseParser, type SseMessage } from "../../../domain/sse-parser";

/** An open live-update stream read as the web app reads it (fetch, the session header), for tests and benches. */
export interface TestStream {
  status: number;
  /** Every message so far (control events too), in order. */
  messages: SseMessage[];
  comments: number;
  /** The refusal's envelope when the stream was refused. */
  refusal: { code: number; key: string; msg: string } | null;
  /** Resolves with the first message after the `from`-th that `match` accepts; fails after `timeoutMs`. */
  next(match: (m: SseMessage) => boolean, o?: { timeoutMs?: number; from?: number }): Promise<SseMessage>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
  lastId(): string;
}

/**
 * Opens a stream over a connection of its own (node:http, no agent): closing it closes that
 * connection, and nothing else is left open to hold a closing server (fetch may open a spare one).
 */
export async function openStream(
  baseUrl: string,
  token: string,
  o: { lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<TestStream> {
  const headers = { token, ...(o.lastEventId ? { "last-event-id": o.lastEventId } : {}), ...o.headers };
  const request = http.get(`${baseUrl}/base/api/user/events`, { headers, agent: false });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once("response", resolve).once("error", reject);
  });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const stream: TestStream = {
    status: res.statusCode ?? 0,
    messages,
    comments: 0,
    refusal: null,
    ended: new Promise((resolve) => {
      res.once("close", resolve);
      request.once("error", () => resolve());
    }),
    close: () => request.destroy(),
    lastId: () => messages.at(-1)?.id ?? "",
    next(match, { timeoutMs = 20_000, from = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
  res.setEncoding("utf8");
  if (stream.status !== 200) {
    let body = "";
    for await (const chunk of res) body += chunk as string;
    stream.refusal = JSON.parse(body) as TestStream["refusal"];
    return stream;
  }
  const parser = createSseParser({
    message: (m) => {
      messages.push(m);
      for (const check of [...waiters]) check();
    },
    comment: () => void stream.comments++,
  });
  res.on("data", (chunk: string) => parser.feed(chunk));
  res.on("error", () => undefined);
  return stream;
}
