import { httpAnswers, startChild, stopChild, waitFor, type Child } from "./processes";
import { replicaName, restartDelayMs } from "./replicas";

/** A replica that stayed up this long has recovered: its next death starts the back-off again. */
const STABLE_AFTER_MS = 60_000;

interface Replica {
  name: string;
  url: string;
  env: NodeJS.ProcessEnv;
  child: Child;
  startedAt: number;
  /** Deaths in a row without a stable run between them. */
  failures: number;
  restartTimer: NodeJS.Timeout | null;
}

export interface ApiReplicas {
  urls: string[];
  /** Resolves once every replica answers; rejects when one exits or does not answer in time. */
  waitUntilAnswering(timeoutMs: number): Promise<void>;
  /**
   * From now on a replica that exits is restarted after a growing delay while the web server
   * sends its requests to the others; the only replica, though, takes the stack down (`onFatal`)
   * as every other child does: there is nothing to fall back on.
   */
  supervise(onFatal: (reason: string) => void): void;
  stop(): Promise<void>;
}

/** `server/server.ts` once per port, each with its own API_PORT and log file. */
export function startApiReplicas(o: {
  ports: number[];
  host: string;
  env: NodeJS.ProcessEnv;
  logFile: (name: string) => string | undefined;
  log: (line: string) => void;
}): ApiReplicas {
  const n = o.ports.length;
  let stopping = false;
  const spawn = (name: string, env: NodeJS.ProcessEnv) =>
    startChild(name, process.execPath, ["--import", "tsx", "server/server.ts"], { env, logFile: o.logFile(name) });
  const replicas: Replica[] = o.ports.map((port, i) => {
    const name = replicaName(i, n);
    const env = { ...o.env, API_PORT: String(port) };
    return {
      name,
      url: `http://${o.host}:${port}`,
      env,
      child: spawn(name, env),
      startedAt: Date.now(),
      failures: 0,
      restartTimer: null,
    };
  });

  const restartAfterExit = (r: Replica, code: number | null) => {
    r.failures = Date.now() - r.startedAt > STABLE_AFTER_MS ? 1 : r.failures + 1;
    const delay = restartDelayMs(r.failures);
    o.log(
      `${r.name} exited unexpectedly (code ${code}); restarting it in ${delay / 1000} s, the other replicas take its requests.`,
    );
    r.restartTimer = setTimeout(() => {
      r.restartTimer = null;
      if (stopping) return;
      r.child = spawn(r.name, r.env);
      r.startedAt = Date.now();
      watch(r);
      waitFor(`${r.name} on ${r.url}`, () => httpAnswers(`${r.url}/base/api/user/nonce`), 60_000, r.child).then(
        () => o.log(`${r.name} is back on ${r.url}.`),
        () => undefined, // its exit is handled by watch(); a slow start needs no second message
      );
    }, delay);
  };

  let onFatal: ((reason: string) => void) | null = null;
  const watch = (r: Replica) => {
    const child = r.child;
    void child.exited.then((code) => {
      if (stopping || !onFatal) return;
      if (n === 1) onFatal(`${r.name} exited unexpectedly (code ${code})`);
      else restartAfterExit(r, code);
    });
  };

  return {
    urls: replicas.map((r) => r.url),
    async waitUntilAnswering(timeoutMs) {
      await Promise.all(
        replicas.map((r) =>
          waitFor(
            `the API ${n === 1 ? "" : `(${r.name}) `}on ${r.url}`,
            () => httpAnswers(`${r.url}/base/api/user/nonce`),
            timeoutMs,
            r.child,
          ),
        ),
      );
    },
    supervise(fatal) {
      onFatal = fatal;
      for (const r of replicas) watch(r);
    },
    async stop() {
      stopping = true;
      for (const r of replicas) if (r.restartTimer) clearTimeout(r.restartTimer);
      await Promise.all(replicas.map((r) => stopChild(r.child)));
    },
  };
}
