/** `npm run db:migrate [-- --seed]`: migrates the configured database and optionally loads demo data once. */
import { loadConfig } from "../config";
import { createDb } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { seedDemoData } from "../seed/seed-demo-data";

async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    const applied = await migrateToLatest(db);
    const where = config.databaseUrl ? "PostgreSQL" : config.sqliteFile;
    console.log(applied.length ? `Migrated ${where}: ${applied.join(", ")}` : `Database ${where} is up to date`);
    if (process.argv.includes("--seed")) {
      console.log((await seedDemoData(db.kysely)) ? "Demo data loaded" : "Demo data already present (kept)");
    }
  } finally {
    await db.kysely.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
