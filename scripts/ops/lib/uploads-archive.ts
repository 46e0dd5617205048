import fs from "node:fs";
import path from "node:path";
import { run } from "./run-tool";

/**
 * The uploads folder (identity, bank and avatar images live on disk, not in the database) as
 * one tar file. Taken after the database dump: images are only ever added, and an image is
 * stored before the row naming it, so every image the dump refers to is in the archive.
 */
export async function archiveUploads(uploadsDir: string, tarFile: string): Promise<number> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await run("tar", ["-cf", tarFile, "-C", uploadsDir, "."]);
  return countFiles(uploadsDir);
}

/** Replaces the uploads folder with the archive's content (moved aside first, removed on success). */
export async function restoreUploads(tarFile: string, uploadsDir: string): Promise<number> {
  const incoming = `${uploadsDir}.restoring`;
  const previous = `${uploadsDir}.before-restore`;
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.mkdirSync(incoming, { recursive: true });
  await run("tar", ["-xf", tarFile, "-C", incoming]);
  fs.rmSync(previous, { recursive: true, force: true });
  if (fs.existsSync(uploadsDir)) fs.renameSync(uploadsDir, previous);
  fs.renameSync(incoming, uploadsDir);
  fs.rmSync(previous, { recursive: true, force: true });
  return countFiles(uploadsDir);
}

function countFiles(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    count += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return count;
}
