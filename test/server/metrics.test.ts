import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "./support/test-app";

/** Issue 15, item 3: Prometheus metrics at /metrics, for this machine or a token holder only. */
const TOKEN = "metrics-token-0123456789";
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function testApp(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const env = await createTestApp(overrides);
  close = env.close;
  return env.app;
}

const scrape = (app: FastifyInstance, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: "GET", url: "/metrics", ...opts });

describe("/metrics (issue 15, item 3)", () => {
  it("answers a loopback peer with request latencies by route pattern, process metrics and the payouts gauge", async () => {
    const app = await testApp();
    await app.inject({ method: "GET", url: "/base/api/health" });
    await app.inject({ method: "GET", url: "/base/api/product/info/12345" });
    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/base\/api\/health",status_code="200"\} 1$/m,
    );
    // The pattern, never the raw URL.
    expect(res.body).not.toContain("12345");
    expect(res.body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(res.body).toMatch(/^pex_payouts_pending 0$/m);
    expect(res.body).toMatch(/^pex_payouts_oldest_unpaid_age_seconds 0$/m);
  });

  it("is a 404 like any unknown path for a forwarded or remote request", async () => {
    const app = await testApp({ METRICS_TOKEN: TOKEN });
    const unknown = await app.inject({ method: "GET", url: "/nothing-here" });
    const remote = await scrape(app, { remoteAddress: "203.0.113.9" });
    const forwarded = await scrape(app, { headers: { "x-forwarded-for": "203.0.113.9" } });
    const wrongToken = await scrape(app, { remoteAddress: "203.0.113.9", headers: { authorization: `Bearer ${TOKEN}x` } });
    for (const res of [remote, forwarded, wrongToken]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, key: "api.noSuchCall" });
      expect(res.json().params.method).toBe(unknown.json().params.method);
    }
  });

  it("answers a remote scraper holding METRICS_TOKEN, and refuses one without it when no token is set", async () => {
    const app = await testApp({ METRICS_TOKEN: TOKEN });
    const res = await scrape(app, { remoteAddress: "203.0.113.9", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("http_request_duration_seconds");
    await close?.();
    const noToken = await testApp();
    expect(
      (await scrape(noToken, { remoteAddress: "203.0.113.9", headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
  });

  it("counts job passes and failures, and the watcher lag", async () => {
    const app = await testApp();
    app.metrics.jobPassed("settlement", 250);
    app.metrics.jobPassed("settlement", 50);
    app.metrics.jobFailed("payouts");
    app.metrics.watcherProgress("recharge", 10, 7);
    const { body } = await scrape(app);
    expect(body).toMatch(/^pex_job_runs_total\{job_name="settlement"\} 2$/m);
    expect(body).toMatch(/^pex_job_runs_total\{job_name="payouts"\} 1$/m);
    expect(body).toMatch(/^pex_job_errors_total\{job_name="payouts"\} 1$/m);
    expect(body).toMatch(/^pex_job_run_duration_seconds_sum\{job_name="settlement"\} 0\.3$/m);
    expect(body).toMatch(/^pex_chain_watcher_lag_blocks\{watcher="recharge"\} 3$/m);
    expect(body).toMatch(/^pex_chain_watcher_processed_block\{watcher="recharge"\} 7$/m);
  });
});
