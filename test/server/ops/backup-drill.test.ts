import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listBackups, MANIFEST } from "../../../scripts/ops/lib/backup-set";
import { restoreBackup, takeBackup } from "../../../scripts/ops/lib/backup-run";
import { sourcesOf } from "../../../scripts/ops/lib/sources";
import { buildApp } from "../../../server/build-app";
import { createDb } from "../../../server/db/database";
import { internalError } from "../../../server/lib/errors";
import { changeBalance } from "../../../server/modules/ledger/ledger.service";
import { ADMIN_TOKEN, call, newUser, PNG, uploadBase64 } from "../accounts/support";
import { createTestApp } from "../support/test-app";
import { everyRow } from "./table-digest";

/**
 * The restore drill: balances, ledger, sessions, records and the identity images on disk are
 * backed up while the API runs, everything is wiped, and the restore brings back exactly what
 * was there, which a new API process then serves (the owner's session still opens the image).
 * On SQLite here; `.ci/run` runs the server suite again on PostgreSQL (pg_dump and pg_restore).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let backupDir: string;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-backup-"));
  backupDir = path.join(dataDir, "backups");
  t = await createTestApp({ DATA_DIR: dataDir, SQLITE_FILE: path.join(dataDir, "app.sqlite"), ADMIN_TOKEN });
});
afterEach(async () => {
  await t.close().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function seed() {
  const owner = await newUser(t.app);
  const other = await newUser(t.app);
  const image = Buffer.concat([PNG, Buffer.from("identity-front-of-owner")]);
  const location = await uploadBase64(t.app, owner.token, image, "identity");
  for (const [user, delta] of [
    [owner, 12_345n],
    [other, 678n],
  ] as const) {
    const { id } = await t.db.kysely
      .selectFrom("users")
      .select("id")
      .where("address", "=", user.address)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId: BigInt(id), currency: "USDT", delta, kind: "test", now: 1 }, internalError("grant")),
      );
  }
  return { owner, image, location };
}

/** Everything gone: the database's tables and the uploads folder. */
async function wipe() {
  if (t.db.dialect === "postgres") {
    await sql`drop schema public cascade`.execute(t.db.kysely);
    await sql`create schema public`.execute(t.db.kysely);
  } else {
    await t.app.close();
    await t.db.kysely.destroy();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(t.config.sqliteFile + suffix, { force: true });
  }
  fs.rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
}

describe("backup and restore", () => {
  it("finds every balance, record, session and image as before after a wipe", async () => {
    const { owner, image, location } = await seed();
    const before = await everyRow(t.db);
    expect(before.ledger!.length).toBeGreaterThanOrEqual(2);

    const backup = await takeBackup(sourcesOf(t.config), backupDir, 3);
    await wipe();
    await restoreBackup(backup, sourcesOf(t.config));

    const db = createDb({ databaseUrl: t.config.databaseUrl, sqliteFile: t.config.sqliteFile });
    const app = await buildApp({ config: t.config, db, logger: false });
    try {
      expect(await everyRow(db)).toEqual(before);
      const res = await app.inject({ method: "GET", url: location, headers: { token: owner.token } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(image)).toBe(true);
      const info = await call(app, "GET", "/user/info", { token: owner.token });
      expect(info.code).toBe(0);
    } finally {
      await app.close();
      await db.kysely.destroy();
    }
  });

  it("refuses a damaged backup before touching the database or the images", async () => {
    await seed();
    const backup = await takeBackup(sourcesOf(t.config), backupDir, 3);
    const before = await everyRow(t.db);
    const uploads = fs.readdirSync(path.join(dataDir, "uploads"));
    const tar = path.join(backup, "uploads.tar");
    const bytes = fs.readFileSync(tar);
    bytes[bytes.length - 1024] = bytes[bytes.length - 1024]! ^ 0xff;
    fs.writeFileSync(tar, bytes);

    await expect(restoreBackup(backup, sourcesOf(t.config))).rejects.toThrow(/does not match its checksum/);
    expect(await everyRow(t.db)).toEqual(before);
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual(uploads);
  });

  it("keeps the newest backups, and an interrupted one never counts as a backup", async () => {
    await seed();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 3, minute));
    for (const minute of [1, 2, 3, 4]) await takeBackup(sourcesOf(t.config), backupDir, 3, at(minute));
    fs.mkdirSync(path.join(backupDir, "2026-11-27T03-05-00Z.partial"));
    expect(listBackups(backupDir).map((dir) => path.basename(dir))).toEqual([
      "2026-11-27T03-02-00Z",
      "2026-11-27T03-03-00Z",
      "2026-11-27T03-04-00Z",
    ]);
    for (const dir of listBackups(backupDir)) expect(fs.existsSync(path.join(dir, MANIFEST))).toBe(true);
  });
});
