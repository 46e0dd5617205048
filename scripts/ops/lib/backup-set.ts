import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * One backup: a folder named by its UTC time holding the database dump, a tar of the uploads
 * folder and a manifest with each file's SHA-256. It is written under `<name>.partial` and renamed
 * when complete, so a crash mid-backup never leaves something that looks like a backup.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: { dialect: "postgres" | "sqlite"; file: string; sha256: string; bytes: number };
  uploads: { file: string; sha256: string; bytes: number; files: number };
}

export const MANIFEST = "manifest.json";
const PARTIAL = ".partial";

export function sha256File(file: string): string {
  const hash = createHash("sha256");
  const fd = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

/** `2026-11-27T11-40-05Z`: sorts by time and is a valid file name everywhere. */
export function backupName(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
}

export function startBackupFolder(backupDir: string, at: Date): { dir: string; finish(manifest: BackupManifest): string } {
  const final = path.join(backupDir, backupName(at));
  if (fs.existsSync(final)) throw new Error(`A backup named ${path.basename(final)} already exists`);
  const dir = final + PARTIAL;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return {
    dir,
    finish(manifest) {
      fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
      fs.renameSync(dir, final);
      return final;
    },
  };
}

/** Complete backups, oldest first (unfinished `.partial` folders are not backups). */
export function listBackups(backupDir: string): string[] {
  if (!fs.existsSync(backupDir)) return [];
  return fs
    .readdirSync(backupDir)
    .filter((name) => !name.endsWith(PARTIAL) && fs.existsSync(path.join(backupDir, name, MANIFEST)))
    .sort()
    .map((name) => path.join(backupDir, name));
}

/** Keeps the newest `keep` backups and removes older ones and abandoned partial folders. */
export function pruneBackups(backupDir: string, keep: number): string[] {
  const complete = listBackups(backupDir);
  const removed = complete.slice(0, Math.max(0, complete.length - keep));
  const abandoned = fs.existsSync(backupDir)
    ? fs
        .readdirSync(backupDir)
        .filter((name) => name.endsWith(PARTIAL))
        .map((name) => path.join(backupDir, name))
    : [];
  for (const dir of [...removed, ...abandoned]) fs.rmSync(dir, { recursive: true, force: true });
  return removed;
}

/** Reads a backup's manifest and checks every file against it before anything is restored. */
export function verifiedManifest(backup: string): BackupManifest {
  const file = path.join(backup, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${backup} is not a complete backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  for (const part of [manifest.database, manifest.uploads]) {
    const actual = sha256File(path.join(backup, part.file));
    if (actual !== part.sha256) throw new Error(`${part.file} does not match its checksum: the backup is damaged`);
  }
  return manifest;
}
