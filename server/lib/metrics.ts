import { collectDefaultMetrics, Registry, type Metric } from "prom-client";
import type { Db } from "../db/database";
import { type JobMetrics, registerJobMetrics } from "./job-metrics";
import { RequestHistogram } from "./request-histogram";

/**
 * The app's Prometheus metrics, and what jobs, their leases and the chain watcher report into
 * them (the jobs' series: job-metrics.ts).
 */
export interface AppMetrics extends JobMetrics {
  /** This app's own series (a registry per app: tests build many apps in one process). */
  registry: Registry;
  /** One answered request: its method, route pattern (never the raw URL), status and seconds. */
  requestServed(method: string, route: string, status: number, seconds: number): void;
  /** The text a scrape answers: the process's default metrics and this app's. */
  exposition(): Promise<{ contentType: string; text: string }>;
}

/**
 * Process metrics (CPU, memory, event loop, GC) describe the process, not an app: they are
 * collected once per process into their own registry, since each collection starts its own
 * event-loop monitor and GC observer that are never stopped.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(db: Db): AppMetrics {
  const registry = new Registry();
  const requests = new RequestHistogram(
    "http_request_duration_seconds",
    "Time to answer a request, by method, route pattern and status code",
  );
  // A registry takes any object that exports as a metric does; its types name prom-client's own classes.
  registry.registerMetric(requests as unknown as Metric);
  return {
    registry,
    ...registerJobMetrics(registry, db),
    requestServed: (method, route, status, seconds) => requests.observe(method, route, status, seconds),
    async exposition() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}
