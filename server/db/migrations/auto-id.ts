import { sql } from "kysely";
import type { DialectName } from "../database";

/**
 * The auto-increment `id` primary key of a table, per dialect: `bigserial` on PostgreSQL, an
 * `integer` rowid alias on SQLite. Use as `.addColumn("id", idType, pk)`.
 */
export function autoId(dialect: DialectName) {
  return {
    idType: sql.raw(dialect === "postgres" ? "bigserial" : "integer"),
    pk: <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
      dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement(),
  };
}
