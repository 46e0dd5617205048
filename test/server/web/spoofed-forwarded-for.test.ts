import { afterEach, describe, expect, it } from "vitest";
import { startApi, startWeb } from "./support";

/**
 * The attack of issue 12: every per-client limit (nonce, login, verification codes) keys on the
 * client's address, and an API that believes any X-Forwarded-For lets a client name a new
 * address on every call. Before the web server of our own, `vite preview` passed the client's
 * header through and the API (`trustProxy: true`) believed it, so all thirty calls below got a
 * nonce. Now the web server replaces the header with the connection's address.
 */
let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

async function stack(apiOverrides: Record<string, string> = {}) {
  const api = await startApi(apiOverrides);
  stop.push(api.close);
  const web = await startWeb(api.url);
  stop.push(web.close);
  return { api, web };
}

const madeUp = (i: number) => `198.51.100.${i + 1}`;

describe("a made-up X-Forwarded-For on every call", () => {
  it("thirty nonce calls through the web server still hit the limit of 20", async () => {
    const { web } = await stack({ LOGIN_RATE_LIMIT_PER_MINUTE: "20" });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await fetch(`${web.url}/base/api/user/nonce`, { headers: { "x-forwarded-for": madeUp(i) } });
      statuses.push(res.status);
      if (res.status === 200) expect((await res.json()).data.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
      else expect(await res.json()).toMatchObject({ code: 429 });
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  it("login calls share that limit however the client names itself", async () => {
    const { web } = await stack({ LOGIN_RATE_LIMIT_PER_MINUTE: "3" });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${web.url}/base/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": madeUp(i), forwarded: `for=${madeUp(i)}` },
        body: JSON.stringify({ message: "not a SIWE message", signature: "0x00", deviceId: "device-0001" }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("verification codes through the web server still hit the per-client daily cap", async () => {
    const { web } = await stack({ CODE_DAILY_CAP_PER_IP: "3" });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${web.url}/base/api/home/sending/1380000000${i}`, { headers: { "x-forwarded-for": madeUp(i) } });
      codes.push((await res.json()).code);
    }
    expect(codes).toEqual([0, 0, 0, 429, 429]);
  });

  it("is what the API believes from a proxy it trusts, which is why the web server must replace the header", async () => {
    // The same thirty calls straight to the API from loopback (its default trusted proxy):
    // each names a new client and gets a nonce. This is what `vite preview` let through.
    const { api } = await stack({ LOGIN_RATE_LIMIT_PER_MINUTE: "20" });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await fetch(`${api.url}/base/api/user/nonce`, { headers: { "x-forwarded-for": madeUp(i) } })).status);
    }
    expect(statuses).toEqual(Array(30).fill(200));
  });
});
