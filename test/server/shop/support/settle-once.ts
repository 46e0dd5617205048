/**
 * One settlement pass in its own process, as another server instance would run it:
 * `node --import tsx settle-once.ts <sqlite file | postgres url> <now ms> <start at ms>`.
 * Waits until the start time so that several such processes really run at the same time.
 */
import { createDb } from "../../../../server/db/database";
import { runSettlementPass } from "../../../../server/jobs/settlement";
import { transactorOf } from "../../../../server/db/transactor";

async function main() {
  const [target = "", now = "", startAt = "0"] = process.argv.slice(2);
  const db = createDb(target.startsWith("postgres") ? { databaseUrl: target, sqliteFile: "" } : { sqliteFile: target });
  await db.kysely.selectFrom("orders").select("id").limit(1).execute(); // connect before the start
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
  const t = await runSettlementPass(transactorOf(db.kysely), { rewardRatesPpm: [100_000, 50_000], now: Number(now) });
  await db.kysely.destroy();
  process.stdout.write(JSON.stringify({ days: t.days, income: t.income.toString() }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
