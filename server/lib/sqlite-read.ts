import type BetterSqlite3 from "better-sqlite3";

/**
 * A hot single-row read on SQLite straight through better-sqlite3. Kysely's path around a query
 * (its connection mutex, a chain of promises, and better-sqlite3 building each row object
 * property by property in C++) costs more than SQLite takes to run a small indexed query: the
 * session lookup took ~9 µs that way and ~5 µs this way. The statement is prepared once per
 * connection and returns rows as arrays, turned into objects here with the column names.
 *
 * Only outside a transaction: Kysely holds SQLite's one connection across the awaits of a
 * transaction it opened, and a read straight on the connection meanwhile would see that
 * transaction's uncommitted writes. Callers check `canReadDirectly` first and otherwise go
 * through Kysely, which waits for the transaction to end.
 */
export function sqliteRowReader<R>(text: string) {
  const prepared = new WeakMap<BetterSqlite3.Database, { statement: BetterSqlite3.Statement; columns: string[] }>();
  return (sqlite: BetterSqlite3.Database, values: unknown[]): R | undefined => {
    if (!canReadDirectly(sqlite)) throw new Error("sqliteRowReader: the connection is inside a transaction");
    let entry = prepared.get(sqlite);
    if (!entry) {
      const statement = sqlite.prepare(text).raw(true);
      entry = { statement, columns: statement.columns().map((c) => c.name) };
      prepared.set(sqlite, entry);
    }
    const cells = entry.statement.get(values) as unknown[] | undefined;
    if (!cells) return undefined;
    const row: Record<string, unknown> = {};
    const { columns } = entry;
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = cells[i];
    return row as R;
  };
}

/** False while a transaction is open on the connection (see sqliteRowReader). */
export const canReadDirectly = (sqlite: BetterSqlite3.Database): boolean => !sqlite.inTransaction;
