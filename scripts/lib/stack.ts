import fs from "node:fs";
import path from "node:path";
import { startApiReplicas, type ApiReplicas } from "./api-replicas";
import { httpAnswers, rpcAnswers, run, startChild, stopChild, waitFor, type Child } from "./processes";
import { replicaPorts } from "./replicas";

export interface StackOptions {
  chainPort: number;
  apiPort: number;
  webPort: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; SQLite under dataDir when absent. */
  databaseUrl?: string;
  /** API processes on apiPort, apiPort + 1 …; default 1. More need databaseUrl (scripts/lib/replicas.ts). */
  apiReplicas?: number;
  /** Vite dev server with hot reload instead of the production build. */
  dev: boolean;
  /** Where the built web app goes (a separate folder lets tests build without touching dist/). */
  webOutDir: string;
  /** Child output to files under dataDir/logs instead of the console. */
  logToFiles: boolean;
  log: (line: string) => void;
  /** Turns the operator API on with this token (tests review applications through it). */
  adminToken?: string;
  /** More settings of the API and the build (e.g. the browser tests' higher sign-in rate limit). */
  extraEnv?: Record<string, string>;
}

export interface Stack {
  webUrl: string;
  /** The first API process; with several, `apiUrls` lists them all. */
  apiUrl: string;
  apiUrls: string[];
  rpcUrl: string;
  deploymentsFile: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

const bin = (name: string) => path.join("node_modules", ".bin", name);

/**
 * Brings up the whole app: Hardhat node → compile + typed ABIs → deploy → database migrate +
 * demo data → API (one process, or several on PostgreSQL) → web app (built with its precompressed
 * copies, served by web-server/, which spreads /base/api across the API processes). The
 * same code serves `npm start`, `npm run dev` and the browser tests, so what the tests exercise
 * is what a new user runs.
 */
export async function startStack(o: StackOptions): Promise<Stack> {
  let chain: Child | null = null;
  let api: ApiReplicas | null = null;
  let web: Child | null = null;
  // The web server first, then the API processes, then the chain: nothing is left calling a stopped one.
  const stop = async () => {
    if (web) await stopChild(web);
    await api?.stop();
    if (chain) await stopChild(chain);
  };
  try {
    fs.mkdirSync(path.join(o.dataDir, "logs"), { recursive: true });
    const logFile = (name: string) => (o.logToFiles ? path.join(o.dataDir, "logs", `${name}.log`) : undefined);
    const rpcUrl = `http://${o.host}:${o.chainPort}`;
    const apiReplicas = o.apiReplicas ?? 1;
    if (apiReplicas > 1 && !o.databaseUrl) throw new Error("several API processes need PostgreSQL (databaseUrl)");
    const apiPorts = replicaPorts(o.apiPort, apiReplicas);
    const webUrl = `http://${o.host}:${o.webPort}/`;
    const deploymentsFile = path.join(o.dataDir, "deployments.json");
    const env: NodeJS.ProcessEnv = {
      CHAIN_PORT: String(o.chainPort),
      CHAIN_RPC_URL: rpcUrl,
      API_HOST: o.host,
      API_PORT: String(o.apiPort),
      WEB_HOST: o.host,
      WEB_PORT: String(o.webPort),
      DATA_DIR: o.dataDir,
      DEPLOYMENTS_FILE: deploymentsFile,
      SIWE_DOMAINS: process.env.SIWE_DOMAINS ?? `${o.host}:${o.webPort},localhost:${o.webPort}`,
      VITE_RPC_URL: process.env.VITE_RPC_URL ?? rpcUrl,
      VITE_DEPLOYMENTS_FILE: deploymentsFile,
      WEB_OUT_DIR: o.webOutDir,
      ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
      ...(o.adminToken ? { ADMIN_TOKEN: o.adminToken } : {}),
      ...o.extraEnv,
    };

    o.log(`Starting the local chain on ${rpcUrl} …`);
    chain = startChild("chain", bin("hardhat"), ["node", "--hostname", o.host, "--port", String(o.chainPort)], {
      env,
      logFile: logFile("chain"),
      quiet: true,
    });

    o.log("Compiling contracts and generating typed hooks …");
    await run(bin("wagmi"), ["generate"], env);
    await waitFor(`the chain on ${rpcUrl}`, () => rpcAnswers(rpcUrl), 60_000, chain);

    o.log("Deploying contracts …");
    const deployOut = await run(bin("hardhat"), ["run", "scripts/deploy.ts", "--network", "localhost"], env);
    for (const line of deployOut.split("\n").filter((l) => l.startsWith("Deployed"))) o.log(`  ${line}`);

    o.log(`Migrating the database (${o.databaseUrl ? "PostgreSQL" : path.join(o.dataDir, "app.sqlite")}) …`);
    const migrateOut = await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts", "--seed"], env);
    for (const line of migrateOut.split("\n").filter(Boolean)) o.log(`  ${line}`);

    api = startApiReplicas({ ports: apiPorts, host: o.host, env, logFile, log: o.log });
    const apiUrls = api.urls;
    const build = o.dev
      ? Promise.resolve()
      : // What ships: a test runner's NODE_ENV=test would otherwise give React's development build.
        // The web app, then the web server's first-screen renderer (vite.config.mts).
        run(bin("vite"), ["build", "--logLevel", "warn"], { ...env, NODE_ENV: "production" })
          .then(() => run(bin("vite"), ["build", "--ssr", "--logLevel", "warn"], { ...env, NODE_ENV: "production" }))
          .then(() => o.log("Web app built."));
    build.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
    if (!o.dev) o.log("Building the web app …");
    await api.waitUntilAnswering(60_000);
    await build;

    // Production: our own web server (web-server/), which serves the build with its .br/.gz
    // copies and forwards /base/api with the client's real address; dev: Vite with hot reload.
    web = o.dev
      ? startChild("web", bin("vite"), [], { env, logFile: logFile("web"), quiet: true })
      : startChild("web", process.execPath, ["--import", "tsx", "web-server/server.ts"], {
          env: { ...env, API_UPSTREAMS: apiUrls.join(",") },
          logFile: logFile("web"),
        });
    await waitFor(`the web app on ${webUrl}`, () => httpAnswers(webUrl), 60_000, web);

    // A child that dies later takes the stack down rather than leaving half an app running;
    // except one of several API processes, which is restarted while the others serve.
    let stopping = false;
    const stopAll = async () => {
      stopping = true;
      await stop();
    };
    const fatal = (reason: string) => {
      if (stopping) return;
      o.log(`${reason}; stopping everything.`);
      void stopAll();
    };
    for (const child of [chain, web]) void child.exited.then((code) => fatal(`${child.name} exited unexpectedly (code ${code})`));
    api.supervise(fatal);
    return { webUrl, apiUrl: apiUrls[0]!, apiUrls, rpcUrl, deploymentsFile, env, stop: stopAll };
  } catch (err) {
    await stop();
    throw err;
  }
}
