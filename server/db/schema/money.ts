import type { ColumnType } from "kysely";
import type { Id, Int64, NullableInt64, SmallInt } from "./column-types";

/* Balances and what moves them: the ledger, asset records, recharges seen on chain, payouts, and the invitation bindings the chain jobs write. */

/** A balance of the users row: DEBT is `debt_usdt`, kept in the ledger like the others. */
export type Currency = "CNY" | "USDT" | "WUSDT" | "DEBT";

export interface LedgerTable {
  id: Id;
  user_id: Int64;
  /** Which balance moved: CNY = amount_cny, USDT = amount_usdt, WUSDT = withdraw_usdt, DEBT = debt_usdt. */
  currency: Currency;
  /** Signed change in minor units. */
  delta: Int64;
  /** Balance after the change, so each row can be checked on its own. */
  balance_after: Int64;
  kind: string;
  ref: string | null;
  created_at: Int64;
}

/**
 * "sending": a withdrawal whose payout transaction is signed and stored (answered as Pending).
 * "reversed": a credited recharge whose block left the chain; its credit was taken back.
 */
export type RecordStatus = "pending" | "sending" | "success" | "failed" | "reversed";

export type RecordType = "recharge" | "withdraw" | "order" | "income" | "reward" | "transfer";

export interface AssetRecordsTable {
  id: Id;
  user_id: Int64;
  type: RecordType;
  currency: "CNY" | "USDT";
  amount: Int64;
  status: RecordStatus;
  tx_hash: string | null;
  address: string | null;
  ref: string | null;
  note: string | null;
  attempts: SmallInt;
  created_at: Int64;
  updated_at: Int64;
  /** A Pending recharge whose payment is seen but not yet credited: blocks so far (of the configured confirmations). */
  confirmations: ColumnType<bigint | number | null, number | null | undefined, number | null>;
}

export interface RechargeIntentsTable {
  id: Id;
  user_id: Int64;
  reference: string;
  amount: Int64;
  record_id: Int64;
  created_at: Int64;
}

/**
 * A chain event the watcher acted on, keyed by (chain, genesis hash, tx hash, ordinal): the
 * ordinal is the event's place among its transaction's Recharged events, which stays the same
 * when a reorganisation mines the transaction again in another block (its log index may not).
 */
export interface ChainEventsTable {
  chain_id: SmallInt;
  genesis_hash: string;
  tx_hash: string;
  ordinal: SmallInt;
  /** The log's index in its block, as last seen. */
  log_index: SmallInt;
  block_number: Int64;
  /** The block it was credited in; null for rows from before migration 0007 until re-checked. */
  block_hash: string | null;
  kind: "recharge" | "recharge_no_user";
  /** canonical: in the chain as far as we know; orphaned: its block left the chain (credit reversed). */
  status: "canonical" | "orphaned";
  /** The recharge record it credited (null when no user was credited). */
  record_id: NullableInt64;
  payload: string;
  created_at: Int64;
  updated_at: Int64;
}

/** One on-chain payout attempt of a withdrawal, stored before it is broadcast. */
export interface WithdrawalPayoutsTable {
  id: Id;
  record_id: Int64;
  chain_id: SmallInt;
  genesis_hash: string;
  from_address: string;
  to_address: string;
  token_address: string;
  /** uint256 base units as a decimal string. */
  token_amount: string;
  nonce: Int64;
  tx_hash: string;
  raw_tx: string;
  status: "signed" | "mined" | "reverted" | "dropped";
  created_at: Int64;
  updated_at: Int64;
  /** When the node was first seen not knowing this transaction while its nonce was used; null otherwise. */
  gone_since: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
}

/** Where a registered user's binding on chain stands (migration 0007_chain_invites). */
export type ChainInviteStatus = "pending" | "sent" | "bound";

export interface ChainInvitesTable {
  user_id: Int64;
  status: ChainInviteStatus;
  /** The chain the status belongs to; null until the binder first looked at the row. */
  genesis_hash: string | null;
  tx_hash: string | null;
  tx_nonce: NullableInt64;
  raw_tx: string | null;
  from_address: string | null;
  attempts: ColumnType<bigint | number, number | undefined, bigint | number>;
  next_attempt_at: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  last_error: string | null;
  created_at: Int64;
  updated_at: Int64;
}

export interface WithdrawalRetriesTable {
  failed_record_id: Int64;
  retry_record_id: Int64;
  created_at: Int64;
}
