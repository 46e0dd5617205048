/**
 * The two hottest read calls, `user/info` (signed in) and `home/product/list`, against a bare
 * Fastify route, all measured in this run. The machine is shared and a lone run of the bare route
 * swings 38k–58k req/s, so the three are interleaved (bare, info, list, bare, info, list, …) in
 * short runs, and each side's rate is the median of its rounds: a stretch of heavy load elsewhere
 * falls on the three alike, and a burst that hits one run alone is left out. Beside the rates,
 * the CPU each server process spends per request (from /proc), a figure the machine's load moves
 * far less. Standalone: `node --import tsx bench/api-throughput.ts`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { DEMO_ACCOUNTS } from "../domain/demo-accounts";
import { httpAnswers, run, startChild, stopChild, waitFor, type Child } from "../scripts/lib/processes";
import { freePort } from "./shop-load";

const ROUNDS = Number(process.env.API_BENCH_ROUNDS ?? 6);
const SECONDS_PER_RUN = Number(process.env.API_BENCH_SECONDS ?? 2);
const CONNECTIONS = 10;

export interface SideResult {
  /** The median of the rounds' requests per second. */
  requestsPerSecond: number;
  /** Each round's requests per second, in order. */
  rounds: number[];
  /** The server process's CPU time (user + system) per answered request, in µs; null off Linux. */
  cpuMicrosPerRequest: number | null;
  p99Ms: number;
  errors: number;
}

export interface ApiThroughput {
  bare: SideResult;
  userInfo: SideResult;
  productList: SideResult;
  /** Each call's rate over the bare route's, from the medians. */
  ratios: { userInfo: number; productList: number };
}

interface Target {
  url: string;
  headers: Record<string, string>;
  server: Child;
}

interface Tally {
  requests: number;
  cpuTicks: number | null;
  rounds: number[];
  p99: number[];
  errors: number;
}

/** utime + stime of a process, in clock ticks (Linux); null where /proc is not there. */
function cpuTicks(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

async function runOnce(target: Target, tally: Tally, seconds: number): Promise<void> {
  const before = cpuTicks(target.server.proc.pid);
  const r = await autocannon({ url: target.url, headers: target.headers, connections: CONNECTIONS, duration: seconds });
  const after = cpuTicks(target.server.proc.pid);
  const answered = r["2xx"];
  tally.requests += answered;
  tally.rounds.push(Math.round(answered / seconds));
  tally.p99.push(r.latency.p99);
  tally.errors += r.errors + r.timeouts + r.non2xx;
  tally.cpuTicks = before === null || after === null || tally.cpuTicks === null ? null : tally.cpuTicks + (after - before);
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function summary(t: Tally): SideResult {
  return {
    requestsPerSecond: median(t.rounds),
    rounds: t.rounds,
    cpuMicrosPerRequest:
      t.cpuTicks === null || t.requests === 0 ? null : Math.round(((t.cpuTicks / TICKS_PER_SECOND) * 1e7) / t.requests) / 10,
    p99Ms: Math.max(...t.p99),
    errors: t.errors,
  };
}

/** Measures the three targets in interleaved rounds after one warm-up each (JIT, caches, connections). */
export async function interleaved(targets: Target[], rounds = ROUNDS, seconds = SECONDS_PER_RUN): Promise<SideResult[]> {
  for (const target of targets)
    await autocannon({ url: target.url, headers: target.headers, connections: CONNECTIONS, duration: 1 });
  const tallies: Tally[] = targets.map(() => ({ requests: 0, cpuTicks: 0, rounds: [], p99: [], errors: 0 }));
  for (let round = 0; round < rounds; round++)
    for (const [i, target] of targets.entries()) await runOnce(target, tallies[i]!, seconds);
  return tallies.map(summary);
}

export async function apiThroughput(): Promise<ApiThroughput> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-api-"));
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const env = {
    DATA_DIR: dataDir,
    API_PORT: apiPort,
    SIWE_DOMAINS: "bench.local",
    LOG_LEVEL: "warn",
    LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
    // Jobs would take CPU from the measured calls at moments nobody chose.
    SETTLEMENT_INTERVAL_SECONDS: "0",
    PROTOCOL_SNAPSHOT_INTERVAL_MS: "0",
  };
  await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts", "--seed"], env);

  const bare = startChild("bare", process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    env: { PORT: barePort },
    quiet: true,
  });
  const api = startChild("api", process.execPath, ["--import", "tsx", "server/server.ts"], { env, quiet: true });
  try {
    const apiUrl = `http://127.0.0.1:${apiPort}/base/api`;
    await waitFor("bare server", () => httpAnswers(`http://127.0.0.1:${barePort}/bare`), 30_000, bare);
    await waitFor("API", () => httpAnswers(`${apiUrl}/user/nonce`), 30_000, api);
    const token = await signIn(apiUrl);

    const [bareResult, userInfo, productList] = await interleaved([
      { url: `http://127.0.0.1:${barePort}/bare`, headers: {}, server: bare },
      { url: `${apiUrl}/user/info`, headers: { token }, server: api },
      { url: `${apiUrl}/home/product/list`, headers: {}, server: api },
    ]);
    const over = (side: SideResult) => side.requestsPerSecond / bareResult!.requestsPerSecond;
    return {
      bare: bareResult!,
      userInfo: userInfo!,
      productList: productList!,
      ratios: { userInfo: over(userInfo!), productList: over(productList!) },
    };
  } finally {
    await stopChild(api);
    await stopChild(bare);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function signIn(apiUrl: string): Promise<string> {
  const account = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
  const nonce = (await (await fetch(`${apiUrl}/user/nonce`)).json()).data.nonce as string;
  const message = createSiweMessage({
    domain: "bench.local",
    address: account.address,
    uri: "http://bench.local",
    version: "1",
    chainId: 31337,
    nonce,
  });
  const signature = await account.signMessage({ message });
  const res = await fetch(`${apiUrl}/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ deviceId: "bench-device", message, signature }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (json.code !== 0) throw new Error(`bench sign-in failed: ${json.msg}`);
  return json.data.token;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename))
  apiThroughput().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
