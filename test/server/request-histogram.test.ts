import { Histogram, Registry, type Metric } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestHistogram } from "../../server/lib/request-histogram";

const NAME = "http_request_duration_seconds";
const HELP = "Time to answer a request, by method, route pattern and status code";

/** The same observations into ours and into prom-client's Histogram, each in its own registry. */
function both(observations: [string, string, number, number][]) {
  const ours = new Registry();
  const theirs = new Registry();
  const histogram = new RequestHistogram(NAME, HELP);
  ours.registerMetric(histogram as unknown as Metric);
  const reference = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ["method", "route", "status_code"],
    registers: [theirs],
  });
  for (const [method, route, status, seconds] of observations) {
    histogram.observe(method, route, status, seconds);
    reference.observe({ method, route, status_code: String(status) }, seconds);
  }
  return { ours, theirs, histogram };
}

describe("RequestHistogram", () => {
  const observations: [string, string, number, number][] = [
    ["GET", "/base/api/user/info", 200, 0.0004],
    ["GET", "/base/api/home/product/list", 200, 0.003],
    ["GET", "/base/api/user/info", 401, 0.0002],
    ["POST", "/base/api/user/info", 200, 0.02],
    ["GET", "/base/api/user/info", 200, 0.005], // on a bound: counted in that bucket
    ["GET", "unmatched", 404, 12], // above the last bound: only in +Inf
    ["GET", "/base/api/user/info", 200, 0.7],
  ];

  it("writes the very text prom-client's Histogram writes for the same requests", async () => {
    const { ours, theirs } = both(observations);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/base\/api\/user\/info",status_code="200"\} 3$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/base\/api\/user\/info",status_code="200"\} 2$/m,
    );
  });

  it("answers the same JSON, merges into another registry, and starts over on reset", async () => {
    const { ours, theirs, histogram } = both(observations);
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(await Registry.merge([new Registry(), ours]).metrics()).toBe(await theirs.metrics());
    histogram.reset();
    expect(await ours.metrics()).toBe(`# HELP ${NAME} ${HELP}\n# TYPE ${NAME} histogram\n`);
  });
});
