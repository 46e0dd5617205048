import { sql } from "kysely";
import type { Db } from "../../../server/db/database";

/** A value as text that is the same whether it came from the dump or the live database. */
function plain(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString("hex");
  return value;
}

/**
 * Every row of every table (migrations' own bookkeeping included), each table's rows sorted, so
 * two databases with the same content give the same result whatever order rows come back in.
 */
export async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  const out: Record<string, string[]> = {};
  for (const table of tables.map((t) => t.name).sort()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    out[table] = rows.map((row) => JSON.stringify(Object.entries(row).map(([key, value]) => [key, plain(value)]))).sort();
  }
  return out;
}
