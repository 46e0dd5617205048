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
  const prepared = new WeakMap<BetterSqlite3.Database, { statement: BetterSqlite3.Statement; toRow: (cells: unknown[]) => R }>();
  return (sqlite: BetterSqlite3.Database, values: unknown[]): R | undefined => {
    if (!canReadDirectly(sqlite)) throw new Error("sqliteRowReader: the connection is inside a transaction");
    let entry = prepared.get(sqlite);
    if (!entry) {
      const statement = sqlite.prepare(text).raw(true);
      entry = { statement, toRow: rowMaker<R>(statement.columns().map((c) => c.name)) };
      prepared.set(sqlite, entry);
    }
    const cells = entry.statement.get(values) as unknown[] | undefined;
    return cells === undefined ? undefined : entry.toRow(cells);
  };
}

/**
 * `cells => ({ "id": cells[0], "address": cells[1], … })` for these column names. Setting the
 * names one by one on `{}` is a keyed store per column and a growing object (~7,000 instructions
 * for the session's 18 columns, measured); one object literal makes the row in its final shape.
 * The names are the statement's own columns, written as JSON string literals, so no text of a
 * request ever reaches the generated code.
 */
function rowMaker<R>(columns: string[]): (cells: unknown[]) => R {
  // In a literal, "__proto__": x would set the prototype rather than make a field.
  if (columns.includes("__proto__")) throw new Error("sqliteRowReader: a column named __proto__");
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: cells[${i}]`).join(", ");
  return new Function("cells", `return { ${fields} };`) as (cells: unknown[]) => R;
}

/** False while a transaction is open on the connection (see sqliteRowReader). */
export const canReadDirectly = (sqlite: BetterSqlite3.Database): boolean => !sqlite.inTransaction;
