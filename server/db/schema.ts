import type { ColumnType, Insertable, Selectable } from "kysely";

/**
 * Table types. Money columns are 64-bit integers in minor units (CNY fen, micro-USDT) and are
 * read as `bigint`: SQLite runs with safe integers on and PostgreSQL's int8 parser returns
 * bigint, so no amount ever passes through a float. Times are epoch milliseconds.
 */
type Int64 = ColumnType<bigint, bigint | number, bigint | number>;
type Id = ColumnType<bigint, never, never>;
/** A small integer: SQLite (safe integers) reads it as bigint, PostgreSQL int4 as number. */
type SmallInt = ColumnType<bigint | number, number, number>;
type NullableInt64 = ColumnType<bigint | null, bigint | number | null, bigint | number | null>;

export interface UsersTable {
  id: Id;
  address: string;
  invitation_code: string;
  inviter_id: NullableInt64;
  type: SmallInt;
  nickname: string | null;
  amount_cny: Int64;
  amount_usdt: Int64;
  withdraw_usdt: Int64;
  created_at: Int64;
}

export interface SessionsTable {
  token_hash: string;
  user_id: Int64;
  device_id: string;
  created_at: Int64;
  expires_at: Int64;
}

export interface LoginNoncesTable {
  nonce: string;
  expires_at: Int64;
}

export type Currency = "CNY" | "USDT" | "WUSDT";

export interface LedgerTable {
  id: Id;
  user_id: Int64;
  /** Which balance moved: CNY = amount_cny, USDT = amount_usdt, WUSDT = withdraw_usdt. */
  currency: Currency;
  /** Signed change in minor units. */
  delta: Int64;
  /** Balance after the change, so each row can be checked on its own. */
  balance_after: Int64;
  kind: string;
  ref: string | null;
  created_at: Int64;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_nonces: LoginNoncesTable;
  ledger: LedgerTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
