import https from "node:https";
import path from "node:path";
import { startApiReplicas, type ApiReplicas } from "../lib/api-replicas";
import { run, startChild, waitFor, type Child } from "../lib/processes";
import { replicaPorts } from "../lib/replicas";

const bin = (name: string) => path.join("node_modules", ".bin", name);

/** An HTTPS URL answers (the rehearsal's own self-signed certificate is the one accepted). */
function httpsAnswers(url: string, ca: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const req = https.get(url, { ca }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 500);
    });
    req.on("error", () => resolve(false));
  });
}

/**
 * The API processes (on the rehearsal's PostgreSQL, keys from keystores) and the production web
 * build served over TLS by our web server, spreading /base/api across them: what production runs.
 */
export async function startRehearsalServices(o: {
  dir: string;
  apiPort: number;
  replicas: number;
  webPort: number;
  /** Environment of every process: chain, deployments, database, keys. */
  env: NodeJS.ProcessEnv;
  tls: { certFile: string; keyFile: string; cert: Buffer };
  log: (line: string) => void;
}): Promise<{ api: ApiReplicas; web: Child; webUrl: string }> {
  const logFile = (name: string) => path.join(o.dir, "logs", `${name}.log`);
  const webOutDir = path.join(o.dir, "dist");
  o.log("Migrating PostgreSQL …");
  await run(process.execPath, ["--import", "tsx", "server/cli/migrate.ts"], o.env);
  const api = startApiReplicas({
    ports: replicaPorts(o.apiPort, o.replicas),
    host: "127.0.0.1",
    env: o.env,
    logFile,
    log: o.log,
  });
  o.log("Building the web app for the rehearsal's chain …");
  const buildEnv = { ...o.env, WEB_OUT_DIR: webOutDir, NODE_ENV: "production" };
  await run(bin("vite"), ["build", "--logLevel", "warn"], buildEnv);
  await run(bin("vite"), ["build", "--ssr", "--logLevel", "warn"], buildEnv);
  await api.waitUntilAnswering(120_000);
  const web = startChild("web", process.execPath, ["--import", "tsx", "web-server/server.ts"], {
    env: {
      ...o.env,
      WEB_HOST: "127.0.0.1",
      WEB_PORT: String(o.webPort),
      WEB_OUT_DIR: webOutDir,
      WEB_TLS_CERT_FILE: o.tls.certFile,
      WEB_TLS_KEY_FILE: o.tls.keyFile,
      API_UPSTREAMS: api.urls.join(","),
    },
    logFile: logFile("web"),
  });
  const webUrl = `https://localhost:${o.webPort}/`;
  await waitFor(`the web app on ${webUrl}`, () => httpsAnswers(webUrl, o.tls.cert), 60_000, web);
  return { api, web, webUrl };
}
