import fs from "node:fs";
import path from "node:path";
import { verifiedManifest, pruneBackups, sha256File, startBackupFolder, type BackupManifest } from "./backup-set";
import { dumpDatabase, restoreDatabase, type DatabaseTarget } from "./database-dump";
import { archiveUploads, restoreUploads } from "./uploads-archive";

export interface BackupSources {
  database: DatabaseTarget;
  /** The API's uploads folder (`<DATA_DIR>/uploads`). */
  uploadsDir: string;
}

/** Takes one backup into `backupDir` and keeps the newest `keep`; returns the new backup's folder. */
export async function takeBackup(sources: BackupSources, backupDir: string, keep: number, at = new Date()): Promise<string> {
  const folder = startBackupFolder(backupDir, at);
  const dumpFile = sources.database.dialect === "postgres" ? "database.dump" : "database.sqlite";
  // The dump before the images: see uploads-archive.ts for why that order loses nothing.
  await dumpDatabase(sources.database, path.join(folder.dir, dumpFile));
  const files = await archiveUploads(sources.uploadsDir, path.join(folder.dir, "uploads.tar"));
  const part = (file: string) => ({
    file,
    sha256: sha256File(path.join(folder.dir, file)),
    bytes: fs.statSync(path.join(folder.dir, file)).size,
  });
  const manifest: BackupManifest = {
    format: 1,
    createdAt: at.toISOString(),
    database: { dialect: sources.database.dialect, ...part(dumpFile) },
    uploads: { ...part("uploads.tar"), files },
  };
  const done = folder.finish(manifest);
  pruneBackups(backupDir, keep);
  return done;
}

/** Checks the backup's checksums, then restores the database and the uploads folder. */
export async function restoreBackup(backup: string, targets: BackupSources): Promise<BackupManifest> {
  const manifest = verifiedManifest(backup);
  if (manifest.database.dialect !== targets.database.dialect)
    throw new Error(`This backup is of a ${manifest.database.dialect} database; the target is ${targets.database.dialect}`);
  await restoreDatabase(targets.database, path.join(backup, manifest.database.file));
  await restoreUploads(path.join(backup, manifest.uploads.file), targets.uploadsDir);
  return manifest;
}
