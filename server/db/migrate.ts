import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./database";
import { m0001Init } from "./migrations/0001_init";
import { m0002AccountsShopAssets } from "./migrations/0002_accounts_shop_assets";

/** Migrations live in code (not a folder scan) so they bundle and run the same on both dialects. */
function provider(db: Db): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        "0001_init": m0001Init(db.dialect),
        "0002_accounts_shop_assets": m0002AccountsShopAssets(db.dialect),
      };
    },
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: provider(db) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
