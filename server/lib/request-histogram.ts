/** prom-client's default buckets, in seconds: what `http_request_duration_seconds` always had. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  method: string;
  status: number;
  labels: { method: string; route: string; status_code: string };
  /** Observations per bucket (not cumulative); the ones above the last bound only in `count`. */
  counts: number[];
  sum: number;
  count: number;
}

/** A line of prom-client's histogram export: a bucket, the sum or the count of one series. */
interface ExportValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * `http_request_duration_seconds{method,route,status_code}`, observed once per answered request.
 * prom-client's Histogram checks the label names, builds a key string from the labels and makes a
 * closure on every observation (about a microsecond, a twentieth of a whole `user/info`); here a
 * series is found by its route, then method and status, and only counted. It registers in a
 * prom-client registry like any metric and exports the lines prom-client's Histogram would, in
 * the same order (test/server/request-histogram.test.ts compares the two).
 */
export class RequestHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly byRoute = new Map<string, Series[]>();
  /** In the order first seen, as prom-client exports its series. */
  private readonly series: Series[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    let ofRoute = this.byRoute.get(route);
    if (ofRoute === undefined) this.byRoute.set(route, (ofRoute = []));
    let s: Series | undefined;
    for (const candidate of ofRoute)
      if (candidate.status === status && candidate.method === method) {
        s = candidate;
        break;
      }
    if (s === undefined) {
      const labels = { method, route, status_code: String(status) };
      s = { method, status, labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      ofRoute.push(s);
      this.series.push(s);
    }
    s.sum += seconds;
    s.count += 1;
    for (let i = 0; i < BUCKETS.length; i++)
      if (seconds <= BUCKETS[i]!) {
        s.counts[i]! += 1;
        break;
      }
  }

  /** What a registry writes as text: prom-client's `getForPromString` shape. */
  getForPromString() {
    const bucketName = `${this.name}_bucket`;
    const values: ExportValue[] = [];
    for (const s of this.series) {
      let below = 0;
      BUCKETS.forEach((le, i) => {
        below += s.counts[i]!;
        values.push({ labels: { le }, sharedLabels: s.labels, value: below, metricName: bucketName, exemplar: null });
      });
      values.push({ labels: { le: "+Inf" }, sharedLabels: s.labels, value: s.count, metricName: bucketName, exemplar: null });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (`registry.getMetricsAsJSON`): each value's labels with its series' labels. */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => ({ ...rest, labels: { ...labels, ...sharedLabels } })),
    };
  }

  reset(): void {
    this.byRoute.clear();
    this.series.length = 0;
  }
}
