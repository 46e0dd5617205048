import type { Insertable, Selectable } from "kysely";
import type {
  AddressesTable,
  AppMetaTable,
  BankApplicationsTable,
  IdentityApplicationsTable,
  LoginNoncesTable,
  RateLimitsTable,
  SessionsTable,
  UploadsTable,
  UsersTable,
  VerificationCodesTable,
  VerifiedPhonesTable,
} from "./schema/accounts";
import type { EventStreamsTable, UserEventSeqsTable, UserEventsTable } from "./schema/events";
import type { JobGasDaysTable, JobLeasesTable } from "./schema/jobs";
import type { AdminAuditTable, OperatorApprovalsTable, OperatorRolesTable } from "./schema/operators";
import type {
  AssetRecordsTable,
  ChainEventsTable,
  ChainInvitesTable,
  LedgerTable,
  RechargeIntentsTable,
  WithdrawalPayoutsTable,
  WithdrawalRetriesTable,
} from "./schema/money";
import type {
  AlloyPoolSlicesTable,
  ProductStockSlicesTable,
  NoticeReadsTable,
  NoticesTable,
  OrderSettlementsTable,
  OrdersTable,
  ProductsTable,
  ProtocolSnapshotsTable,
  TeamRewardsTable,
  UserAlloyTable,
} from "./schema/shop";

/** The database as Kysely sees it: one table type per table, by area in server/db/schema/. */
export type * from "./schema/accounts";
export type * from "./schema/events";
export type * from "./schema/jobs";
export type * from "./schema/money";
export type * from "./schema/operators";
export type * from "./schema/shop";

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
  product_stock_slices: ProductStockSlicesTable;
  alloy_pool_slices: AlloyPoolSlicesTable;
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
  job_leases: JobLeasesTable;
  job_gas_days: JobGasDaysTable;
  operator_roles: OperatorRolesTable;
  admin_audit: AdminAuditTable;
  operator_approvals: OperatorApprovalsTable;
  user_event_seqs: UserEventSeqsTable;
  user_events: UserEventsTable;
  event_streams: EventStreamsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
