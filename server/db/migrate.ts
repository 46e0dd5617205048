import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./database";
import { m0001Init } from "./migrations/0001_init";
import { m0002AccountsShopAssets } from "./migrations/0002_accounts_shop_assets";
import { m0003AccountsCodesApplications } from "./migrations/0003_accounts_codes_applications";
import { m0003AssetsPayouts } from "./migrations/0003_assets_payouts";
import { m0003ShopRewardsAlloy } from "./migrations/0003_shop_rewards_alloy";
import { m0004ProtocolSnapshots } from "./migrations/0004_protocol_snapshots";
import { m0005FundPasswordAttempts } from "./migrations/0005_fund_password_attempts";
import { m0006ProtocolSnapshotExtras } from "./migrations/0006_protocol_snapshot_extras";
import { m0007UploadPurpose } from "./migrations/0007_upload_purpose";
import { m0007LoginNonceIssuedAt } from "./migrations/0007_login_nonce_issued_at";
import { m0007RateLimits } from "./migrations/0007_rate_limits";
import { m0007ChainReorg } from "./migrations/0007_chain_reorg";
import { m0007ChainInvites } from "./migrations/0007_chain_invites";
import { m0007VerifiedPhones } from "./migrations/0007_verified_phones";
import { m0008JobLeases } from "./migrations/0008_job_leases";
import { m0008PlaceOrder } from "./migrations/0008_place_order";
import { m0009Operators } from "./migrations/0009_operators";
import { m0009StockSlices } from "./migrations/0009_stock_slices";
import { m0010JobGasDays } from "./migrations/0010_job_gas_days";
import { m0011UserEvents } from "./migrations/0011_user_events";
import { m0012OrderBalanceEvents } from "./migrations/0012_order_balance_events";

/** Migrations live in code (not a folder scan) so they bundle and run the same on both dialects. */
export function migrationProvider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        "0001_init": m0001Init(db.dialect),
        "0002_accounts_shop_assets": m0002AccountsShopAssets(db.dialect),
        "0003_accounts_codes_applications": m0003AccountsCodesApplications(db.dialect),
        "0003_assets_payouts": m0003AssetsPayouts(db.dialect),
        "0003_shop_rewards_alloy": m0003ShopRewardsAlloy(db.dialect),
        "0004_protocol_snapshots": m0004ProtocolSnapshots(db.dialect),
        "0005_fund_password_attempts": m0005FundPasswordAttempts(db.dialect),
        "0006_protocol_snapshot_extras": m0006ProtocolSnapshotExtras(),
        "0007_upload_purpose": m0007UploadPurpose(),
        "0007_login_nonce_issued_at": m0007LoginNonceIssuedAt(),
        "0007_rate_limits": m0007RateLimits(db.dialect),
        "0007_chain_reorg": m0007ChainReorg(),
        "0007_chain_invites": m0007ChainInvites(),
        "0007_verified_phones": m0007VerifiedPhones(),
        "0008_job_leases": m0008JobLeases(),
        "0008_place_order": m0008PlaceOrder(db.dialect),
        "0009_operators": m0009Operators(db.dialect),
        "0009_stock_slices": m0009StockSlices(db.dialect),
        "0010_job_gas_days": m0010JobGasDays(),
        "0011_user_events": m0011UserEvents(),
        "0012_order_balance_events": m0012OrderBalanceEvents(db.dialect),
      };
    },
  };
}

function migratorOf(db: Db): Migrator {
  // Areas add migrations side by side (0003_accounts_…, 0003_assets_…): a database that ran an
  // area's migration before another area's sibling landed must still accept the newcomer.
  return new Migrator({ db: db.kysely, provider: migrationProvider(db), allowUnorderedMigrations: true });
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migratorOf(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations of this build the database has not run (read only: nothing is created or locked). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrations = await migratorOf(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
