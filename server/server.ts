import { buildApp } from "./build-app";
import { loadConfig } from "./config";
import { createDb } from "./db/database";
import { migrateToLatest } from "./db/migrate";

/** Listens and shuts down gracefully; everything else lives in the app plugin. */
async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const app = await buildApp({ config, db });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await db.kysely.destroy();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
