import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { DEMO_ACCOUNTS } from "../domain/demo-accounts";
import { httpAnswers, run, startChild, stopChild, waitFor } from "../scripts/lib/processes";

export interface Throughput {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export async function measure(url: string, headers: Record<string, string> = {}, seconds = 5): Promise<Throughput> {
  await autocannon({ url, connections: 10, duration: 1, headers }); // warm-up: JIT, caches, connections
  const r = await autocannon({ url, connections: 10, duration: seconds, headers });
  return { requestsPerSecond: Math.round(r.requests.average), p99Ms: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Requests per second of `user/info` against a bare Fastify route, both measured in this run. */
export async function apiThroughput(): Promise<{ bare: Throughput; userInfo: Throughput; ratio: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-bench-"));
  const env = {
    DATA_DIR: dataDir,
    API_PORT: "28787",
    SIWE_DOMAINS: "bench.local",
    LOG_LEVEL: "warn",
    LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
  };
  await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts", "--seed"], env);

  const bare = startChild("bare", process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    env: { PORT: "28788" },
    quiet: true,
  });
  const api = startChild("api", process.execPath, ["--import", "tsx", "server/server.ts"], { env, quiet: true });
  try {
    await waitFor("bare server", () => httpAnswers("http://127.0.0.1:28788/bare"), 30_000, bare);
    await waitFor("API", () => httpAnswers("http://127.0.0.1:28787/base/api/user/nonce"), 30_000, api);
    const token = await signIn("http://127.0.0.1:28787");

    const bareResult = await measure("http://127.0.0.1:28788/bare");
    const infoResult = await measure("http://127.0.0.1:28787/base/api/user/info", { token });
    return { bare: bareResult, userInfo: infoResult, ratio: infoResult.requestsPerSecond / bareResult.requestsPerSecond };
  } finally {
    await stopChild(api);
    await stopChild(bare);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signIn(apiUrl: string): Promise<string> {
  const account = privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey);
  const nonce = (await (await fetch(`${apiUrl}/base/api/user/nonce`)).json()).data.nonce as string;
  const message = createSiweMessage({
    domain: "bench.local",
    address: account.address,
    uri: "http://bench.local",
    version: "1",
    chainId: 31337,
    nonce,
  });
  const signature = await account.signMessage({ message });
  const res = await fetch(`${apiUrl}/base/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ deviceId: "bench-device", message, signature }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (json.code !== 0) throw new Error(`bench sign-in failed: ${json.msg}`);
  return json.data.token;
}
