import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { firstScreenDir } from "../../../web-server/first-screen-bundle";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { httpAnswers, startChild, stopChild, waitFor, type Child } from "../../../scripts/lib/processes";

/** One API process of the cluster, as `npm start` runs it (node + tsx, server/server.ts). */
export interface Replica {
  index: number;
  url: string;
  child: Child;
  pid: number;
  /** kill -9 / SIGSTOP / SIGCONT: what a crash, a stalled machine and its recovery look like to the others. */
  signal(signal: NodeJS.Signals): void;
  alive(): boolean;
}

export interface Cluster {
  replicas: Replica[];
  /** Our web server, spreading /base/api across the replicas. */
  webUrl: string;
  logDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const node = (script: string) => [process.execPath, ["--import", "tsx", script]] as const;

/**
 * N API processes on one PostgreSQL database (already migrated) and the chain `rpcUrl`, behind
 * our web server, each logging to its own file under `logDir` (kept when a test fails).
 */
export async function startCluster(o: {
  replicas: number;
  databaseUrl: string;
  rpcUrl: string;
  deploymentsFile: string;
  env?: Record<string, string>;
  /** The source of a first-screen renderer for the web server (beside the build, as `vite build --ssr` puts it). */
  firstScreen?: string;
}): Promise<Cluster> {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "replicas-"));
  const webRoot = path.join(logDir, "web");
  fs.mkdirSync(webRoot);
  fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>replicas</title>");
  if (o.firstScreen !== undefined) {
    fs.mkdirSync(firstScreenDir(webRoot));
    fs.writeFileSync(path.join(firstScreenDir(webRoot), "first-screen.mjs"), o.firstScreen);
  }
  const children: Child[] = [];
  const stop = async () => {
    for (const child of children.reverse()) {
      child.proc.kill("SIGCONT"); // a paused child cannot act on SIGTERM
      await stopChild(child, 3000);
    }
  };
  try {
    const replicas: Replica[] = [];
    for (let index = 0; index < o.replicas; index++) {
      const port = await freePort();
      const [command, args] = node("server/server.ts");
      const child = startChild(`api-${index + 1}`, command, [...args], {
        env: {
          DATABASE_URL: o.databaseUrl,
          API_PORT: String(port),
          CHAIN_RPC_URL: o.rpcUrl,
          DEPLOYMENTS_FILE: o.deploymentsFile,
          OPERATOR_PRIVATE_KEY: DEMO_ACCOUNTS[0]!.privateKey,
          DATA_DIR: logDir,
          SIWE_DOMAINS: "replicas.test:5173",
          LOG_LEVEL: "info",
          ...o.env,
        },
        logFile: path.join(logDir, `api-${index + 1}.log`),
      });
      children.push(child);
      replicas.push({
        index,
        url: `http://127.0.0.1:${port}`,
        child,
        pid: child.proc.pid!,
        signal: (signal) => child.proc.kill(signal),
        alive: () => child.proc.exitCode === null && child.proc.signalCode === null,
      });
    }
    for (const r of replicas)
      await waitFor(`replica ${r.index + 1}`, () => httpAnswers(`${r.url}/base/api/health`), 90_000, r.child);

    const webPort = await freePort();
    const [command, args] = node("web-server/server.ts");
    const web = startChild("web", command, [...args], {
      env: {
        WEB_PORT: String(webPort),
        WEB_OUT_DIR: webRoot,
        API_UPSTREAMS: replicas.map((r) => r.url).join(","),
        VITE_RPC_URL: o.rpcUrl,
        WEB_LOG_LEVEL: "warn",
      },
      logFile: path.join(logDir, "web.log"),
    });
    children.push(web);
    const webUrl = `http://127.0.0.1:${webPort}`;
    await waitFor("the web server", () => httpAnswers(`${webUrl}/base/api/health`), 60_000, web);
    return { replicas, webUrl, logDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
