import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startStack, type Stack } from "../../../scripts/lib/stack";

declare module "vitest" {
  export interface ProvidedContext {
    webUrl: string;
    apiUrl: string;
    rpcUrl: string;
    dataDir: string;
    adminToken: string;
  }
}

let stack: Stack | undefined;
let dataDir: string | undefined;

/**
 * Brings up the real app exactly as `npm start` does (chain, deploy, database with demo data,
 * API, built web app) on ports of its own, so the tests run beside a developer's `npm start`.
 */
export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-e2e-"));
  // The operator API is on in the tests' stack, with a token made for this run.
  const adminToken = randomBytes(24).toString("hex");
  stack = await startStack({
    chainPort: Number(process.env.E2E_CHAIN_PORT ?? 19545),
    apiPort: Number(process.env.E2E_API_PORT ?? 19787),
    webPort: Number(process.env.E2E_WEB_PORT ?? 19173),
    host: "127.0.0.1",
    dataDir,
    databaseUrl: undefined,
    dev: false,
    webOutDir: path.join(dataDir, "dist"),
    logToFiles: true,
    log: (line) => process.stdout.write(`[e2e] ${line}\n`),
    adminToken,
    // Every test signs in from 127.0.0.1: the per-client limit on nonce and login calls (20 a
    // minute, tested in the server suite) would refuse a whole suite's sign-ins.
    extraEnv: { LOGIN_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  project.provide("webUrl", stack.webUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("rpcUrl", stack.rpcUrl);
  project.provide("dataDir", dataDir);
  project.provide("adminToken", adminToken);
}

/**
 * Stops the stack and removes its folder (database, build, logs): a run leaves nothing behind.
 * E2E_KEEP_DATA=1 keeps it, for reading the processes' logs after a failure.
 */
export async function teardown() {
  await stack?.stop();
  if (!dataDir) return;
  if (process.env.E2E_KEEP_DATA) process.stdout.write(`[e2e] kept ${dataDir}\n`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
