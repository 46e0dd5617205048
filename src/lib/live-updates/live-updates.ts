import { setLive } from "./live-state";
import { type LiveMessage, readEventStream, StreamRefused } from "./read-event-stream";

/** The Web Lock one tab holds while it reads the stream for all the tabs of this origin. */
export const LEADER_LOCK = "live-updates";
const CHANNEL = "live-updates";
/** Waits after a refusal by a limit: another tab or device holds the slots, or the server is full. */
const BUSY_WAIT_MS = 60_000;
const MAX_WAIT_MS = 60_000;

type ChannelMessage = { kind: "message"; message: LiveMessage } | { kind: "live"; live: boolean } | { kind: "hello" };

interface Channel {
  postMessage(message: ChannelMessage): void;
  addEventListener(type: "message", listener: (e: MessageEvent<ChannelMessage>) => void): void;
  close(): void;
}

export interface LiveUpdatesDeps {
  /** navigator.locks, or null where the browser has none: every tab then reads its own stream. */
  locks: Pick<LockManager, "request"> | null;
  channel(name: string): Channel | null;
  read: typeof readEventStream;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const browserDeps = (): LiveUpdatesDeps => ({
  locks: typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null,
  channel: (name) => (typeof BroadcastChannel === "undefined" ? null : (new BroadcastChannel(name) as Channel)),
  read: readEventStream,
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    }),
});

/**
 * One stream for all the tabs: the tab holding the Web Lock reads it and passes every message to
 * the others over a BroadcastChannel; when it closes, a waiting tab takes the lock and resumes
 * from the last position it was passed. A dropped stream is read again after `retry` (doubling
 * while it keeps failing); a refusal by a limit waits a minute; a 401 (signed out) stops. While
 * no stream is live the pages poll as before (live-state.ts). Answers how to stop.
 */
export function startLiveUpdates(o: {
  url: string;
  token: string;
  onMessage(m: LiveMessage): void;
  deps: LiveUpdatesDeps;
}): () => void {
  const { deps } = o;
  const abort = new AbortController();
  const channel = deps.channel(CHANNEL);
  let lastId: string | null = null;
  let leading = false;
  let live = false;
  const deliver = (m: LiveMessage) => {
    lastId = m.id;
    o.onMessage(m);
  };
  const announce = (next: boolean) => {
    live = next;
    setLive(next);
    channel?.postMessage({ kind: "live", live: next });
  };
  channel?.addEventListener("message", (e) => {
    const message = e.data;
    if (message.kind === "message" && !leading) deliver(message.message);
    else if (message.kind === "live" && !leading) setLive(message.live);
    else if (message.kind === "hello" && leading) channel.postMessage({ kind: "live", live });
  });
  channel?.postMessage({ kind: "hello" });

  const lead = async () => {
    leading = true;
    let failures = 0;
    let retryMs = 2000;
    while (!abort.signal.aborted) {
      let wait: number;
      try {
        await deps.read({
          url: o.url,
          token: o.token,
          lastEventId: lastId,
          signal: abort.signal,
          onRetry: (ms) => (retryMs = ms),
          onMessage: (m) => {
            if (!live) announce(true);
            failures = 0;
            deliver(m);
            channel?.postMessage({ kind: "message", message: m });
          },
        });
        wait = retryMs;
      } catch (err) {
        if (abort.signal.aborted || (err instanceof StreamRefused && err.status === 401)) break;
        failures++;
        const busy = err instanceof StreamRefused && (err.status === 429 || err.status === 503);
        wait = busy ? BUSY_WAIT_MS : Math.min(retryMs * 2 ** (failures - 1), MAX_WAIT_MS);
      }
      if (live) announce(false);
      await deps.sleep(wait, abort.signal);
    }
    if (live) announce(false);
    leading = false;
  };

  if (deps.locks && channel) deps.locks.request(LEADER_LOCK, { signal: abort.signal }, lead).catch(() => undefined);
  else void lead();
  return () => {
    abort.abort();
    channel?.close();
    setLive(false);
  };
}
