/**
 * `npm run restore -- <backup folder> --yes`: checks the backup's checksums, then replaces the
 * configured database (DATABASE_URL, or the SQLite file) and the uploads folder with it.
 * Stop the API processes first: a restore replaces what they are working on.
 */
import { loadConfig } from "../../server/config";
import { restoreBackup } from "./lib/backup-run";
import { sourcesOf } from "./lib/sources";

async function main() {
  const backup = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!backup) throw new Error("Usage: npm run restore -- <backup folder> --yes");
  if (!process.argv.includes("--yes")) throw new Error("A restore replaces the database and the uploads: add --yes to go ahead");
  const config = loadConfig();
  const manifest = await restoreBackup(backup, sourcesOf(config));
  console.log(`Restored the backup of ${manifest.createdAt}: database and ${manifest.uploads.files} uploaded files`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
