import type { ColumnType, Insertable, Selectable } from "kysely";
import type { UploadPurpose } from "../../domain/upload-purpose";

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
  /** micro-USDT a reversed recharge could not take back (issue 12); never negative, blocks spending while above 0. */
  debt_usdt: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  created_at: Int64;
  email: string | null;
  fund_password_hash: string | null;
  avatar: string | null;
  registered_at: NullableInt64;
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
  /** 0 for nonces issued before migration 0007. */
  issued_at: Int64;
  expires_at: Int64;
}

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

export interface AppMetaTable {
  key: string;
  value: string;
}

export type ApplicationStatus = "pending" | "approved" | "rejected";
/**
 * "sending": a withdrawal whose payout transaction is signed and stored (answered as Pending).
 * "reversed": a credited recharge whose block left the chain; its credit was taken back.
 */
export type RecordStatus = "pending" | "sending" | "success" | "failed" | "reversed";
export type RecordType = "recharge" | "withdraw" | "order" | "income" | "reward" | "transfer";

export interface VerificationCodesTable {
  id: Id;
  channel: "email" | "sms";
  target: string;
  purpose: string;
  code_hash: string;
  attempts: SmallInt;
  used_at: NullableInt64;
  expires_at: Int64;
  created_at: Int64;
  /** Client IP that asked for the code (per-IP daily cap). */
  ip: string | null;
}

export interface IdentityApplicationsTable {
  id: Id;
  user_id: Int64;
  real_name: string;
  id_number: string;
  front_image: string;
  back_image: string;
  status: ApplicationStatus;
  reason: string | null;
  created_at: Int64;
  reviewed_at: NullableInt64;
}

export interface BankApplicationsTable {
  id: Id;
  user_id: Int64;
  bank_name: string;
  branch: string;
  holder: string;
  card_number: string;
  status: ApplicationStatus;
  reason: string | null;
  created_at: Int64;
  reviewed_at: NullableInt64;
}

export interface AddressesTable {
  id: Id;
  user_id: Int64;
  receiver: string;
  phone: string;
  province_code: string;
  city_code: string;
  district_code: string;
  region_text: string;
  detail: string;
  is_default: SmallInt;
  created_at: Int64;
  updated_at: Int64;
}

export interface UploadsTable {
  id: Id;
  user_id: Int64;
  file_name: string;
  mime: string;
  size: SmallInt;
  /** Who may see it (migration 0007): identity and bank images only the owner and an operator. */
  purpose: UploadPurpose;
  created_at: Int64;
}

export interface ProductsTable {
  id: Id;
  title: string;
  /** JSON array of image URLs. */
  images: string;
  description_html: string;
  price_cny: Int64;
  price_usdt: Int64;
  stock: SmallInt;
  daily_rate_ppm: SmallInt;
  cycle_days: SmallInt;
  alloy_material: ColumnType<bigint | number | null, number | null, number | null>;
  alloy_pieces: SmallInt;
  status: "on_sale" | "off_sale";
  sort: SmallInt;
  created_at: Int64;
  updated_at: Int64;
}

export interface OrdersTable {
  id: Id;
  user_id: Int64;
  product_id: Int64;
  pay_type: SmallInt;
  amount: Int64;
  principal_usdt: Int64;
  daily_income_usdt: Int64;
  cycle_days: SmallInt;
  days_settled: SmallInt;
  start_day: SmallInt;
  status: "running" | "completed";
  created_at: Int64;
  /** The alloy the order granted (may be less than the product's grant once the pool runs dry). */
  alloy_material: ColumnType<bigint | number | null, number | null | undefined, number | null>;
  alloy_granted: ColumnType<bigint | number, number | undefined, number>;
}

export interface OrderSettlementsTable {
  order_id: Int64;
  day: SmallInt;
  amount: Int64;
  created_at: Int64;
}

export interface TeamRewardsTable {
  id: Id;
  /** The inviter who is paid. */
  user_id: Int64;
  /** The team member whose order earned the income. */
  from_user_id: Int64;
  order_id: Int64;
  day: SmallInt;
  level: SmallInt;
  amount: Int64;
  created_at: Int64;
}

export interface AlloyStockTable {
  material: SmallInt;
  remaining: Int64;
}

export interface UserAlloyTable {
  user_id: Int64;
  material: SmallInt;
  pieces: Int64;
}

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

export interface VerifiedPhonesTable {
  user_id: Int64;
  phone: string;
  verified_at: Int64;
}

export interface WithdrawalRetriesTable {
  failed_record_id: Int64;
  retry_record_id: Int64;
  created_at: Int64;
}

export interface NoticesTable {
  id: Id;
  title: string;
  summary: string;
  content_html: string;
  published_at: Int64;
  created_at: Int64;
}

export interface NoticeReadsTable {
  user_id: Int64;
  notice_id: Int64;
  read_at: Int64;
}

/** Dashboard snapshots (issue 7); figures are uint256 decimal strings, synthetic 0/1. */
export interface ProtocolSnapshotsTable {
  id: Id;
  genesis_hash: string;
  taken_at: Int64;
  block_number: Int64;
  synthetic: number;
  market_cap: string;
  pex_price: string;
  backing_per_pex: string;
  pex_total_supply: string;
  win_price: string;
  win_vault: string;
  win1_price: string;
  win1_vault: string;
  treasury1_value: string;
  treasury2_value: string;
  total_deposited_pex: string;
  pol_liquidity: string;
  pol_value: string;
  /** Null before migration 0006 and in the synthetic history. */
  eth_price: string | null;
  pol_share_bps: string | null;
}

/**
 * A window of one limit for one key (`<limit>:<user id>`), written by rate-limiter-flexible's
 * stores (server/lib/db-rate-limiter.ts); the app itself only deletes ended windows.
 */
export interface RateLimitsTable {
  key: string;
  points: SmallInt;
  /** When the window ends, ms; null: never. */
  expire: NullableInt64;
}

export interface Database {
  app_meta: AppMetaTable;
  verification_codes: VerificationCodesTable;
  identity_applications: IdentityApplicationsTable;
  bank_applications: BankApplicationsTable;
  addresses: AddressesTable;
  uploads: UploadsTable;
  products: ProductsTable;
  orders: OrdersTable;
  order_settlements: OrderSettlementsTable;
  team_rewards: TeamRewardsTable;
  alloy_stock: AlloyStockTable;
  user_alloy: UserAlloyTable;
  asset_records: AssetRecordsTable;
  recharge_intents: RechargeIntentsTable;
  chain_events: ChainEventsTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  withdrawal_payouts: WithdrawalPayoutsTable;
  withdrawal_retries: WithdrawalRetriesTable;
  protocol_snapshots: ProtocolSnapshotsTable;
  rate_limits: RateLimitsTable;
  chain_invites: ChainInvitesTable;
  verified_phones: VerifiedPhonesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_nonces: LoginNoncesTable;
  ledger: LedgerTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
