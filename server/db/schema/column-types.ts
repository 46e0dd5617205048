import type { ColumnType } from "kysely";

/*
 * Column types. Money columns are 64-bit integers in minor units (CNY fen, micro-USDT) and are
 * read as `bigint`: SQLite runs with safe integers on and PostgreSQL's int8 parser returns
 * bigint, so no amount ever passes through a float. Times are epoch milliseconds.
 */
export type Int64 = ColumnType<bigint, bigint | number, bigint | number>;
export type Id = ColumnType<bigint, never, never>;
/** A small integer: SQLite (safe integers) reads it as bigint, PostgreSQL int4 as number. */
export type SmallInt = ColumnType<bigint | number, number, number>;
export type NullableInt64 = ColumnType<bigint | null, bigint | number | null, bigint | number | null>;
