import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { applyEvent } from "@/lib/live-updates/apply-event";
import { isLive } from "@/lib/live-updates/live-state";
import { type LiveUpdatesDeps, startLiveUpdates } from "@/lib/live-updates/live-updates";
import { type LiveMessage, readEventStream, StreamRefused } from "@/lib/live-updates/read-event-stream";
import { queryKeys } from "@/lib/query-keys";

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A Web Lock manager of one exclusive lock: requests wait in order; an aborted waiter leaves. */
function fakeLocks(): LiveUpdatesDeps["locks"] {
  let held = false;
  const queue: (() => void)[] = [];
  return {
    request: ((_name: string, opts: { signal?: AbortSignal }, callback: () => Promise<void>) =>
      new Promise<void>((resolve, reject) => {
        const run = () => {
          held = true;
          callback()
            .then(resolve, reject)
            .finally(() => {
              held = false;
              queue.shift()?.();
            });
        };
        opts.signal?.addEventListener("abort", () => {
          const i = queue.indexOf(run);
          if (i < 0) return;
          queue.splice(i, 1);
          reject(new DOMException("aborted", "AbortError"));
        });
        if (held) queue.push(run);
        else run();
      })) as never,
  };
}

/** BroadcastChannels of one name between the "tabs" of a test: a message reaches every other one. */
function fakeBus() {
  const members = new Set<{ deliver(data: unknown): void }>();
  return (): ReturnType<LiveUpdatesDeps["channel"]> => {
    const listeners: ((e: MessageEvent) => void)[] = [];
    const self = { deliver: (data: unknown) => listeners.forEach((l) => l({ data } as MessageEvent)) };
    members.add(self);
    return {
      postMessage: (m) => [...members].filter((x) => x !== self).forEach((x) => queueMicrotask(() => x.deliver(m))),
      addEventListener: (_type, l) => void listeners.push(l as never),
      close: () => void members.delete(self),
    };
  };
}

/** Streams that stay open until aborted; the test pushes messages into the open one. */
function fakeServer() {
  const calls: { lastEventId: string | null; push(m: LiveMessage): void }[] = [];
  const read: LiveUpdatesDeps["read"] = (o) =>
    new Promise((resolve) => {
      calls.push({ lastEventId: o.lastEventId, push: o.onMessage });
      o.signal.addEventListener("abort", () => resolve(), { once: true });
    });
  return { calls, read };
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function tab(
  server: ReturnType<typeof fakeServer>,
  shared: Pick<LiveUpdatesDeps, "locks"> & { bus: ReturnType<typeof fakeBus> },
) {
  const got: LiveMessage[] = [];
  const deps: LiveUpdatesDeps = {
    locks: shared.locks,
    channel: shared.bus,
    read: server.read,
    sleep: () => tick(),
  };
  const stop = startLiveUpdates({ url: "/base/api/user/events", token: "t", onMessage: (m) => got.push(m), deps });
  stops.push(stop);
  return { got, stop };
}

describe("one live-update stream for all tabs", () => {
  it("only the leader tab reads; the others get every message; the next tab resumes where it stopped", async () => {
    const server = fakeServer();
    const shared = { locks: fakeLocks(), bus: fakeBus() };
    const a = tab(server, shared);
    const b = tab(server, shared);
    await tick();
    expect(server.calls).toHaveLength(1);
    server.calls[0]!.push({ name: "ready", id: "4-0", data: "{}" });
    server.calls[0]!.push({ name: "payout", id: "5-0", data: "{}" });
    await tick();
    expect(a.got.map((m) => m.id)).toEqual(["4-0", "5-0"]);
    expect(b.got.map((m) => m.id)).toEqual(["4-0", "5-0"]);
    expect(isLive()).toBe(true);
    a.stop();
    await tick();
    await tick();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]!.lastEventId).toBe("5-0");
  });

  it("without Web Locks every tab reads its own stream", async () => {
    const server = fakeServer();
    tab(server, { locks: null, bus: fakeBus() });
    tab(server, { locks: null, bus: fakeBus() });
    await tick();
    expect(server.calls).toHaveLength(2);
  });

  it("stops on a 401, and is not live while refused", async () => {
    let reads = 0;
    const deps: LiveUpdatesDeps = {
      locks: null,
      channel: () => null,
      read: async () => {
        reads++;
        throw new StreamRefused(401, "api.relogin");
      },
      sleep: () => tick(),
    };
    stops.push(startLiveUpdates({ url: "/x", token: "t", onMessage: () => undefined, deps }));
    for (let i = 0; i < 5; i++) await tick();
    expect(reads).toBe(1);
    expect(isLive()).toBe(false);
  });
});

describe("reading the stream with fetch", () => {
  const streamOf = (chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
        c.close();
      },
    });

  it("sends the session and Last-Event-ID headers and hands over each message", async () => {
    const seen: { headers?: HeadersInit }[] = [];
    const got: LiveMessage[] = [];
    await readEventStream({
      url: "/e",
      token: "tok",
      lastEventId: "3-1",
      signal: new AbortController().signal,
      onMessage: (m) => got.push(m),
      fetch: (async (_url: string, init: RequestInit) => {
        seen.push(init);
        return new Response(streamOf(["id: 4-1\nevent: bal", "ance\ndata: {}\n\n"]), { status: 200 });
      }) as typeof fetch,
    });
    expect(seen[0]!.headers).toMatchObject({ token: "tok", "last-event-id": "3-1" });
    expect(got).toEqual([{ name: "balance", id: "4-1", data: "{}" }]);
  });

  it("rejects a refusal with its status and key", async () => {
    const refused = readEventStream({
      url: "/e",
      token: "tok",
      lastEventId: null,
      signal: new AbortController().signal,
      onMessage: () => undefined,
      fetch: (async () =>
        new Response(JSON.stringify({ code: 429, key: "events.tooManyStreams" }), { status: 429 })) as unknown as typeof fetch,
    });
    await expect(refused).rejects.toMatchObject({ status: 429, key: "events.tooManyStreams" });
  });
});

describe("what a pushed event refreshes", () => {
  it("marks the records, the user info or the chain reads stale, by event", async () => {
    const client = new QueryClient();
    const keys = [queryKeys.assetRecords, queryKeys.userInfo, ["readContract", { functionName: "getRound" }], ["products"]];
    for (const key of keys) client.setQueryData(key, 1);
    const stale = () => keys.map((key) => client.getQueryState(key)!.isInvalidated);
    applyEvent(client, { name: "payout" });
    expect(stale()).toEqual([true, false, false, false]);
    applyEvent(client, { name: "balance" });
    applyEvent(client, { name: "lottery" });
    expect(stale()).toEqual([true, true, true, false]);
  });
});
