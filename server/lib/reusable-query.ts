import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from "kysely";
import type { Database } from "../db/schema";

const MARK = "\u0000arg:";

type Slot = { arg: number; key?: string } | { value: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Kysely builds and compiles a query on every call, which costs several times what SQLite
 * takes to run it. For a statement on a hot path: build it once per dialect with marker values
 * in place of the arguments (a plain-object argument gets a marker per field), then run that
 * SQL text with each call's values. The builder must use its arguments only as values: no
 * branching on them, no `sql.raw`. Constants in the builder stay as compiled.
 */
export function reusableQuery<A extends unknown[], R>(build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {
  // Keyed by the adapter's class: the SQL text depends on the dialect only.
  const compiled = new Map<unknown, { sql: string; slots: Slot[]; keys: (string[] | null)[] }>();
  return (db: Kysely<Database>, ...args: A): Promise<QueryResult<R>> => {
    const dialect = db.getExecutor().adapter.constructor;
    let entry = compiled.get(dialect);
    if (!entry) {
      const keys = args.map((a) => (isRecord(a) ? Object.keys(a) : null));
      const marked = args.map((a, i) =>
        isRecord(a) ? Object.fromEntries(Object.keys(a).map((k) => [k, `${MARK}${i}:${k}`])) : `${MARK}${i}`,
      ) as A;
      const query = build(db, ...marked).compile();
      const slots = query.parameters.map((p): Slot => {
        if (typeof p !== "string" || !p.startsWith(MARK)) return { value: p };
        const [arg, key] = p.slice(MARK.length).split(/:(.*)/s);
        return key === undefined ? { arg: Number(arg) } : { arg: Number(arg), key };
      });
      entry = { sql: query.sql, slots, keys };
      compiled.set(dialect, entry);
    }
    const e = entry;
    args.forEach((a, i) => {
      const expected = e.keys[i];
      if (expected && (!isRecord(a) || Object.keys(a).length !== expected.length || expected.some((k) => !(k in a))))
        throw new Error("reusableQuery: an object argument must always have the same fields");
    });
    const parameters = e.slots.map((s) =>
      "value" in s ? s.value : s.key === undefined ? args[s.arg] : (args[s.arg] as Record<string, unknown>)[s.key],
    );
    return db.executeQuery<R>(CompiledQuery.raw(e.sql, parameters));
  };
}
