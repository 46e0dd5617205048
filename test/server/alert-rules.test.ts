import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { scrapeMetrics, type Scrape } from "./support/scrape";
import { createTestApp } from "./support/test-app";

/**
 * ops/prometheus/alerts.yml: a Prometheus rule file whose every alert reads only series the
 * server exports (names taken from a test server's own /metrics), names only jobs the server
 * runs, and has its runbook in docs/operations.md. (`promtool check rules` checks the PromQL;
 * docs/operations.md says how to run it.)
 */
const ROOT = path.resolve(__dirname, "../..");
const RULES_FILE = "ops/prometheus/alerts.yml";

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; description: string; runbook_url: string };
}

const PROMQL_WORDS = new Set(["and", "or", "unless", "bool", "offset", "inf", "nan"]);

/** The metric names a PromQL expression reads: its identifiers less functions, keywords, labels and durations. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, " ")
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  // Not the unit of a number (`1h`, `1e3`).
  const names = [...bare.matchAll(/(?<![\w.:])[a-zA-Z_:][\w:]*/g)]
    // A word followed by "(" is a function or an aggregation.
    .filter((m) => !/^\s*\(/.test(bare.slice(m.index + m[0].length)))
    .map((m) => m[0])
    .filter((word) => !PROMQL_WORDS.has(word.toLowerCase()));
  return [...new Set(names)];
}

/** The names a scrape can hold: each declared family, with a histogram's or summary's own series. */
function exportedNames(scrape: Scrape): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of scrape.families) {
    names.add(name);
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
    if (type === "summary") for (const suffix of ["_sum", "_count"]) names.add(name + suffix);
  }
  return names;
}

/** The jobs the server runs under leases: the names its jobs give runLeased. */
function serverJobs(): Set<string> {
  const dir = path.join(ROOT, "server/jobs");
  const jobs = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts")))
    for (const m of fs.readFileSync(path.join(dir, file), "utf8").matchAll(/runLeased\(\s*[\w.]+,\s*"([a-z-]+)"/g))
      jobs.add(m[1]!);
  return jobs;
}

const groups = (parse(fs.readFileSync(path.join(ROOT, RULES_FILE), "utf8")) as { groups: { name: string; rules: AlertRule[] }[] })
  .groups;
const rules = groups.flatMap((g) => g.rules);

let exported: Set<string>;
/** The label names of each of the app's own metrics. */
let labelNames: [string, readonly string[]][];
let close: () => Promise<void>;
beforeAll(async () => {
  const t = await createTestApp();
  close = t.close;
  exported = exportedNames(await scrapeMetrics(t.app));
  labelNames = t.app.metrics.registry
    .getMetricsAsArray()
    .map((m) => [m.name, (m as { labelNames?: readonly string[] }).labelNames ?? []]);
});
afterAll(async () => close?.());

describe(RULES_FILE, () => {
  it("reads the metric names of an expression, and nothing else", () => {
    expect(
      metricNames('sum by (job, reason) (increase(a_total{job="x-y",le="+Inf"}[15m] offset 1h)) > 0.25 * max(b) and on(job) c_1'),
    ).toEqual(["a_total", "b", "c_1"]);
    expect(metricNames('time() - max(pex_job_last_success_timestamp_seconds{job_name="payout-worker"}) > 300')).toEqual([
      "pex_job_last_success_timestamp_seconds",
    ]);
  });

  it("is a rule file of named groups of alerts, each with an expression, a severity, a summary and a runbook", () => {
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(group.name).toMatch(/^pex-[a-z-]+$/);
      expect(group.rules.length).toBeGreaterThan(0);
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^Pex[A-Z][A-Za-z]+$/);
      expect(typeof rule.expr).toBe("string");
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(["critical", "warning"]).toContain(rule.labels.severity);
      expect(rule.annotations.summary.length, rule.alert).toBeGreaterThan(10);
      expect(rule.annotations.description.length, rule.alert).toBeGreaterThan(10);
      expect(rule.annotations.runbook_url).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
    }
  });

  it("reads only series the server exports, and names only jobs it runs", () => {
    const jobs = serverJobs();
    expect(jobs).toContain("payout-worker");
    for (const rule of rules) {
      const names = metricNames(rule.expr);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exported, `${rule.alert} reads ${name}`).toContain(name);
      for (const [, job] of rule.expr.matchAll(/\bjob_name="([^"]+)"/g))
        expect(jobs, `${rule.alert} names job ${job}`).toContain(job);
    }
  });

  it("names no label the scrape sets itself: Prometheus would rename it exported_job or exported_instance", () => {
    expect(labelNames.map(([name]) => name)).toContain("pex_job_lease_held");
    for (const [name, labels] of labelNames) for (const label of ["job", "instance"]) expect(labels, name).not.toContain(label);
  });

  it("watches every concern of the issue: leases, reorganisations, watcher lag, payouts, binder budget, VRF", () => {
    const read = new Set(rules.flatMap((r) => metricNames(r.expr)));
    for (const name of [
      "pex_job_lease_lost_total",
      "pex_job_lease_takeovers_total",
      "pex_job_lease_held",
      "pex_chain_reorg_reversals_total",
      "pex_chain_watcher_lag_blocks",
      "pex_job_last_success_timestamp_seconds",
      "pex_payouts_oldest_unpaid_age_seconds",
      "pex_payouts_failed_total",
      "pex_invite_binder_gas_spent_total",
      "pex_invite_binder_gas_budget_exhausted",
      "pex_lottery_vrf_oldest_pending_age_seconds",
    ])
      expect(read, name).toContain(name);
  });

  it("has each alert's runbook: what it means and what to do", () => {
    const docs = fs.readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
    for (const { alert } of rules) {
      const section = docs.split(/^### /m).find((s) => s.startsWith(`${alert}\n`));
      expect(section, alert).toBeDefined();
      expect(section, alert).toMatch(/\*\*What it means\*\*/);
      expect(section, alert).toMatch(/\*\*What to do\*\*/);
    }
  });
});
