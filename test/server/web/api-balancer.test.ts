import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { PROBE_INTERVAL_MS } from "../../../web-server/upstreams";
import { request, startWeb } from "./support";

/**
 * The web server in front of several API processes (issue 15): three small upstreams that say
 * which one answered and count what they received, stopped and started again on their port.
 */
interface Replica {
  name: string;
  port: number;
  received: string[];
  app: FastifyInstance | null;
}

/** A replica on `port` (0: any free one), adding to `received` (kept across a restart). */
async function startReplica(name: string, port = 0, received: string[] = []): Promise<Replica> {
  const app = Fastify();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.all("/base/api/*", async (req) => {
    received.push(`${req.method} ${req.url}`);
    return { code: 0, msg: "success", data: { replica: name, body: req.body ?? null } };
  });
  // Takes the POST, then dies before answering / halfway through its answer.
  app.post("/base/api/drop-before-answer", async (req, reply) => {
    received.push(`${req.method} ${req.url}`);
    reply.hijack();
    reply.raw.socket?.destroy();
  });
  app.post("/base/api/drop-mid-answer", async (req, reply) => {
    received.push(`${req.method} ${req.url}`);
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    reply.raw.write('{"code":0,"data":"');
    setTimeout(() => reply.raw.socket?.destroy(), 20);
  });
  await app.listen({ host: "127.0.0.1", port });
  return { name, port: (app.server.address() as AddressInfo).port, received, app };
}

async function stopReplica(replica: Replica) {
  await replica.app?.close();
  replica.app = null;
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

async function balancerOver(count: number) {
  const replicas: Replica[] = [];
  for (let i = 1; i <= count; i++) replicas.push(await startReplica(`api-${i}`));
  cleanup.push(async () => {
    for (const r of replicas) await stopReplica(r);
  });
  const upstreams = replicas.map((r) => `http://127.0.0.1:${r.port}`).join(",");
  const web = await startWeb("http://127.0.0.1:9", { API_UPSTREAMS: upstreams });
  cleanup.push(web.close);
  return { replicas, web };
}

async function whoAnswers(url: string, times: number): Promise<{ statuses: number[]; names: string[] }> {
  const statuses: number[] = [];
  const names: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await request(`${url}/base/api/user/nonce?i=${i}`);
    statuses.push(res.status);
    if (res.status === 200) names.push(JSON.parse(res.body.toString()).data.replica);
  }
  return { statuses, names };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("several API processes behind the web server", () => {
  it("spreads requests across all of them in turn", async () => {
    const { web } = await balancerOver(3);
    const { statuses, names } = await whoAnswers(web.url, 9);
    expect(statuses).toEqual(Array(9).fill(200));
    expect(names.filter((n) => n === "api-1")).toHaveLength(3);
    expect(names.filter((n) => n === "api-2")).toHaveLength(3);
    expect(names.filter((n) => n === "api-3")).toHaveLength(3);
  });

  it("skips a stopped one at once, with no failed request, and sends it traffic again once it is back", async () => {
    const { replicas, web } = await balancerOver(3);
    const [, second] = replicas as [Replica, Replica, Replica];
    await stopReplica(second);
    const countBefore = second.received.length;
    const down = await whoAnswers(web.url, 12);
    expect(down.statuses).toEqual(Array(12).fill(200));
    expect(new Set(down.names)).toEqual(new Set(["api-1", "api-3"]));
    expect(second.received).toHaveLength(countBefore);

    second.app = (await startReplica(second.name, second.port, second.received)).app;
    await sleep(PROBE_INTERVAL_MS * 2);
    const back = await whoAnswers(web.url, 9);
    expect(back.statuses).toEqual(Array(9).fill(200));
    expect(back.names.filter((n) => n === "api-2")).toHaveLength(3);
  });

  it("answers 503 in the API's refusal envelope when none is up", async () => {
    const { replicas, web } = await balancerOver(3);
    for (const r of replicas) await stopReplica(r);
    const res = await request(`${web.url}/base/api/user/nonce`, { method: "POST", body: "{}" });
    expect(res.status).toBe(503);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString())).toEqual({
      code: 503,
      msg: "The server is unavailable for a moment; try again shortly",
      data: null,
      key: "api.unavailable",
    });
  });

  it("passes a POST body to the live one that takes it, once", async () => {
    const { replicas, web } = await balancerOver(3);
    await stopReplica(replicas[0]!);
    const res = await request(`${web.url}/base/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"device":"d-1"}',
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).data.body).toEqual({ device: "d-1" });
    const posts = replicas.flatMap((r) => r.received).filter((line) => line.startsWith("POST"));
    expect(posts).toEqual(["POST /base/api/user/login"]);
  });

  it("never sends again a POST that a process took and then died on before answering", async () => {
    const { replicas, web } = await balancerOver(3);
    const res = await request(`${web.url}/base/api/drop-before-answer`, { method: "POST", body: "{}" });
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 502, data: null, key: "api.noAnswer" });
    expect(replicas.flatMap((r) => r.received)).toEqual(["POST /base/api/drop-before-answer"]);
  });

  it("never sends again a POST whose answer was cut halfway", async () => {
    const { replicas, web } = await balancerOver(3);
    await expect(request(`${web.url}/base/api/drop-mid-answer`, { method: "POST", body: "{}" })).rejects.toThrow();
    await sleep(100);
    expect(replicas.flatMap((r) => r.received)).toEqual(["POST /base/api/drop-mid-answer"]);
  });
});
