import type { ColumnType } from "kysely";
import type { Id, Int64, SmallInt } from "./column-types";

/* Products, orders and their settlement, team rewards, alloy pieces, notices, and the protocol dashboard snapshots. */

export interface ProductsTable {
  id: Id;
  title: string;
  /** JSON array of image URLs. */
  images: string;
  description_html: string;
  price_cny: Int64;
  price_usdt: Int64;
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

/** A product's stock in STOCK_SLICES rows (domain/stock-slices.ts, migration 0009); the stock is their sum. */
export interface ProductStockSlicesTable {
  product_id: Int64;
  slice: SmallInt;
  stock: SmallInt;
}

/** The shared pool of an alloy material in STOCK_SLICES rows; what is left is their sum. */
export interface AlloyPoolSlicesTable {
  material: SmallInt;
  slice: SmallInt;
  remaining: Int64;
}

export interface UserAlloyTable {
  user_id: Int64;
  material: SmallInt;
  pieces: Int64;
}

export interface NoticesTable {
  id: Id;
  title: string;
  summary: string;
  content_html: string;
  published_at: Int64;
  created_at: Int64;
  /** Set when an editor took the notice back (migration 0009); readers no longer see it. */
  unpublished_at: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
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
