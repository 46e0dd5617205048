/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong": the server restarting or shutting down, a connection refused, reset or ended under a
 * query. Such a call changed nothing that committed, so the client is told to try again (503)
 * instead of being shown an internal error.
 */
const PG_UNAVAILABLE = new Set([
  "57P01", // admin_shutdown: the server is shutting down (a restart)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up
  "08000", // connection_exception
  "08003", // connection_does_not_exist
  "08006", // connection_failure
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08004", // sqlserver_rejected_establishment_of_sqlconnection
]);
const NODE_UNAVAILABLE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
// node-postgres ends a query whose connection dropped with plain Errors of these messages.
const PG_CLIENT_MESSAGES = [/^Connection terminated/, /^Client has encountered a connection error/, /connection timeout/i];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (PG_UNAVAILABLE.has(code) || NODE_UNAVAILABLE.has(code))) return true;
    if (PG_CLIENT_MESSAGES.some((re) => re.test(e instanceof Error ? e.message : ""))) return true;
    // SQLite's busy timeout passed: another process holds the write lock for longer than it allows.
    if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return true;
  }
  return false;
}
