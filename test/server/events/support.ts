import type { AddressInfo } from "node:net";
import { afterEach, beforeEach } from "vitest";
import { assetsTestEnv, SETUP_TIMEOUT_MS, type AssetsTestEnv } from "../assets/support";
import { openStream, type TestStream } from "./stream-client";

export interface EventsTestEnv extends AssetsTestEnv {
  /** The app listening on a port of its own: a stream is not something `inject` can read. */
  url: string;
  /** Opens a stream, closed after the test. */
  open(token: string, o?: { lastEventId?: string }): Promise<TestStream>;
}

/** A fresh assets app listening on 127.0.0.1 for each test, streams closed after it. */
export function eventsEnvPerTest(overrides: Record<string, string> = {}): EventsTestEnv {
  const env = {} as EventsTestEnv;
  let streams: TestStream[] = [];
  beforeEach(async () => {
    const base = await assetsTestEnv({ EVENT_HEARTBEAT_MS: "60000", ...overrides });
    await base.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = base.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    Object.assign(env, base, {
      url,
      async open(token: string, o: { lastEventId?: string } = {}) {
        const stream = await openStream(url, token, o);
        streams.push(stream);
        return stream;
      },
    });
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => {
    for (const stream of streams) stream.close();
    streams = [];
    await env.close();
  }, SETUP_TIMEOUT_MS);
  return env;
}

export const dataOf = (m: { data: string }) => JSON.parse(m.data) as Record<string, unknown>;
