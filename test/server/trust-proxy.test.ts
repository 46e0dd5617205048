import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createTestApp } from "./support/test-app";

/**
 * TRUST_PROXY decides whose X-Forwarded-For the API believes; what it believes is the client
 * address every per-client limit keys on. Seen here through the nonce limit (2 a minute): calls
 * that each name another client all pass when the header is believed, and the third is refused
 * when it is not.
 */
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function api(trustProxy?: string): Promise<FastifyInstance> {
  const t = await createTestApp({
    LOGIN_RATE_LIMIT_PER_MINUTE: "2",
    ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
  });
  close = t.close;
  return t.app;
}

/** Three nonce calls from `from`, the i-th with the X-Forwarded-For `forwardedFor(i)`. */
async function threeCalls(app: FastifyInstance, from: string, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await app.inject({
      method: "GET",
      url: "/base/api/user/nonce",
      remoteAddress: from,
      headers: { "x-forwarded-for": forwardedFor(i) },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const BELIEVED = [200, 200, 200];
const IGNORED = [200, 200, 429];
const client = (i: number) => `198.51.100.${i + 1}`;

describe("TRUST_PROXY", () => {
  it("by default believes only loopback: the web server on this machine", async () => {
    const app = await api();
    expect(await threeCalls(app, "127.0.0.1", client)).toEqual(BELIEVED);
    expect(await threeCalls(app, "::1", (i) => `198.51.100.${i + 11}`)).toEqual(BELIEVED);
    // Anyone else who names a client is that one client, whatever it names.
    expect(await threeCalls(app, "203.0.113.9", (i) => `198.51.100.${i + 21}`)).toEqual(IGNORED);
  });

  it("with a list believes those addresses and ranges only (loopback no longer)", async () => {
    const app = await api("10.0.0.2, 192.168.0.0/16");
    expect(await threeCalls(app, "10.0.0.2", client)).toEqual(BELIEVED);
    expect(await threeCalls(app, "192.168.7.7", (i) => `198.51.100.${i + 11}`)).toEqual(BELIEVED);
    expect(await threeCalls(app, "10.0.0.3", (i) => `198.51.100.${i + 21}`)).toEqual(IGNORED);
    expect(await threeCalls(app, "127.0.0.1", (i) => `198.51.100.${i + 31}`)).toEqual(IGNORED);
  });

  it("believes a trusted proxy's own entry, not what the client wrote before it", async () => {
    // The proxy at 10.0.0.2 appended the address it saw (203.0.113.50) to what the client sent.
    const app = await api("10.0.0.2");
    expect(await threeCalls(app, "10.0.0.2", (i) => `${client(i)}, 203.0.113.50`)).toEqual(IGNORED);
  });

  it("with a hop count believes that many proxies, whoever connects", async () => {
    const app = await api("1");
    expect(await threeCalls(app, "203.0.113.9", client)).toEqual(BELIEVED);
    // One hop: only the rightmost entry (the one proxy's) counts.
    expect(await threeCalls(app, "203.0.113.9", (i) => `${client(i)}, 203.0.113.60`)).toEqual(IGNORED);
  });

  it("with 0 believes no one, loopback included", async () => {
    const app = await api("0");
    expect(await threeCalls(app, "127.0.0.1", client)).toEqual(IGNORED);
  });

  it("refuses a bad value at start with a message that names it", () => {
    expect(() => loadConfig({}, { TRUST_PROXY: "true" })).toThrow(
      /Invalid configuration:[\s\S]*would believe any client's X-Forwarded-For[\s\S]*TRUST_PROXY/,
    );
    expect(() => loadConfig({}, { TRUST_PROXY: "10.0.0.0/40" })).toThrow(/"10.0.0.0\/40" is neither[\s\S]*TRUST_PROXY/);
    expect(loadConfig({}, {}).trustProxy).toEqual(["loopback"]);
  });
});
