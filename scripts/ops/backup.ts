/**
 * `npm run backup`: one backup of the database and the uploads folder into BACKUP_DIR (default
 * `<DATA_DIR>/backups`), keeping the newest BACKUP_KEEP (default 14).
 * `npm run backup -- --every 60`: the same every 60 minutes until stopped (or run the single
 * form from cron or a systemd timer; see docs/operations.md). The API keeps running meanwhile.
 */
import path from "node:path";
import { loadConfig } from "../../server/config";
import { takeBackup } from "./lib/backup-run";
import { sourcesOf } from "./lib/sources";

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive whole number, got ${value}`);
  return parsed;
}

async function main() {
  const config = loadConfig();
  const backupDir = process.env.BACKUP_DIR ?? path.join(config.dataDir, "backups");
  const keep = positiveInteger("BACKUP_KEEP", process.env.BACKUP_KEEP, 14);
  const everyIndex = process.argv.indexOf("--every");
  const everyMinutes = everyIndex < 0 ? 0 : positiveInteger("--every", process.argv[everyIndex + 1], 60);
  const once = async () => {
    const started = Date.now();
    const done = await takeBackup(sourcesOf(config), backupDir, keep);
    console.log(`Backup written to ${done} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await once();
  if (!everyMinutes) return;
  // A failed run is reported and the next one still comes: one bad night must not end the schedule.
  setInterval(() => once().catch((err: unknown) => console.error(`Backup failed: ${String(err)}`)), everyMinutes * 60_000);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
