/** More would only add processes that wait on the same database; 16 is plenty for one machine. */
export const MAX_API_REPLICAS = 16;

/**
 * `API_REPLICAS`: how many API processes `npm start` runs (ADR-0158, "Several API
 * processes"). Default 1. More than one needs PostgreSQL: SQLite is a file that one process
 * writes, so a second API process would fail on its locks. Refused before anything starts.
 */
export function parseApiReplicas(env: { API_REPLICAS?: string; DATABASE_URL?: string }): number {
  const text = env.API_REPLICAS?.trim() ?? "";
  if (text === "") return 1;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(n) || n < 1 || n > MAX_API_REPLICAS) {
    throw new Error(`API_REPLICAS must be a whole number from 1 to ${MAX_API_REPLICAS}, got "${env.API_REPLICAS}".`);
  }
  if (n > 1 && !env.DATABASE_URL) {
    throw new Error(`API_REPLICAS=${n} needs PostgreSQL: set DATABASE_URL. SQLite allows one API process.`);
  }
  return n;
}

/** The replicas' ports, `apiPort` … `apiPort + n - 1`, refused when they run past 65535. */
export function replicaPorts(apiPort: number, n: number): number[] {
  const last = apiPort + n - 1;
  if (last > 65535) throw new Error(`API_PORT=${apiPort} with API_REPLICAS=${n} needs ports up to ${last}, past 65535.`);
  return Array.from({ length: n }, (_, i) => apiPort + i);
}

/** A replica's name, and its log file's: `api` when it is the only one, else `api-1`, `api-2` … */
export function replicaName(index: number, n: number): string {
  return n === 1 ? "api" : `api-${index + 1}`;
}

/** How long to wait before restarting a replica that died for the `attempt`-th time in a row. */
export function restartDelayMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
