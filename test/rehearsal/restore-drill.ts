import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { expect } from "vitest";
import { run } from "../../scripts/lib/processes";
import type { Rehearsal } from "../../scripts/rehearsal/stack";
import { loadConfig } from "../../server/config";
import { createDb } from "../../server/db/database";
import { demoCardPng } from "../../server/seed/areas/demo-image";
import { httpSession } from "../e2e/support/shop-fixtures";
import { everyRow } from "../server/ops/table-digest";

/** Every file of the uploads folder with its bytes (hex), by name. */
function uploadsOf(dataDir: string): Record<string, string> {
  const dir = path.join(dataDir, "uploads");
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir).sort()) out[name] = fs.readFileSync(path.join(dir, name)).toString("hex");
  return out;
}

/**
 * Issue 29, item 5 on the rehearsal's own data: the user's identity image goes up over HTTP, the
 * replicas stop, `npm run backup` dumps PostgreSQL and archives the uploads, everything is wiped,
 * `npm run restore` brings it back, and every row of every table and every image is as before.
 */
export async function restoreDrill(r: Rehearsal, log: (line: string) => void): Promise<void> {
  const session = await httpSession(r.apiUrls[0]!, r.webUrl, r.people.user, 97);
  const image = demoCardPng(64, 40, [200, 40, 90]);
  const upload = await fetch(`${r.apiUrls[0]}/base/api/user/upload/base64`, {
    method: "POST",
    headers: { "content-type": "application/json", token: session.token },
    body: JSON.stringify({ file: `data:image/png;base64,${image.toString("base64")}`, purpose: "identity" }),
  });
  expect(((await upload.json()) as { code: number }).code).toBe(0);

  await r.stopApi();
  const config = loadConfig({}, { ...process.env, ...r.env } as NodeJS.ProcessEnv);
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    const rows = await everyRow(db);
    const images = uploadsOf(r.dataDir);
    expect(rows.users!.length, "the rehearsal's users").toBeGreaterThan(0);
    expect(Object.keys(images).length).toBeGreaterThan(0);
    const backupDir = path.join(r.dir, "backups");
    const env = { ...r.env, BACKUP_DIR: backupDir };
    log(await run(process.execPath, ["--import", "tsx", "scripts/ops/backup.ts"], env));
    const [backup] = fs.readdirSync(backupDir).filter((name) => !name.endsWith(".partial"));
    expect(backup, "a finished backup").toBeDefined();

    await sql`drop schema public cascade`.execute(db.kysely);
    await sql`create schema public`.execute(db.kysely);
    fs.rmSync(path.join(r.dataDir, "uploads"), { recursive: true, force: true });
    expect(Object.keys(await everyRow(db))).toEqual([]);

    log(await run(process.execPath, ["--import", "tsx", "scripts/ops/restore.ts", path.join(backupDir, backup!), "--yes"], env));
    expect(await everyRow(db)).toEqual(rows);
    expect(uploadsOf(r.dataDir)).toEqual(images);
  } finally {
    await db.kysely.destroy();
  }
}
