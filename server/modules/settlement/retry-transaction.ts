/**
 * Errors after which running the whole transaction again is safe and likely to succeed: SQLite
 * busy (another process holds the write lock past the busy timeout) and PostgreSQL
 * serialization failures and deadlocks (the database rolled the transaction back).
 */
export function isTransientDbError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED" || code === "40001" || code === "40P01")
  );
}

export async function withTransientRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isTransientDbError(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
    }
  }
}
