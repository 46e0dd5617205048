import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** One line of the Prometheus text: a series and its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A scrape's text, read as Prometheus reads it. */
export class Scrape {
  readonly samples: Sample[];
  /** Every metric family the text declares (`# TYPE name type`), with its type. */
  readonly families = new Map<string, string>();

  constructor(readonly text: string) {
    this.samples = [];
    for (const line of text.split("\n")) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) this.families.set(type[1]!, type[2]!);
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) continue;
      const labels: Record<string, string> = {};
      for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
      this.samples.push({ name: m[1]!, labels, value: Number(m[3]) });
    }
  }

  /** The value of the series `name` with exactly `labels`, or undefined when there is no such series. */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    const want = JSON.stringify(Object.entries(labels).sort());
    return this.samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === want)?.value;
  }

  /** Every series of `name`. */
  series(name: string): Sample[] {
    return this.samples.filter((s) => s.name === name);
  }
}

/**
 * GET /metrics as Prometheus on this machine does it: over HTTP to the API's own port from
 * loopback (which needs no token, ADR-0161). The app starts listening on a free port the first time.
 */
export async function scrapeMetrics(app: FastifyInstance): Promise<Scrape> {
  if (!app.server.listening) await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(await res.text());
}
