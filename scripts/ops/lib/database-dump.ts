import fs from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { run } from "./run-tool";

/** Where the data is: PostgreSQL by URL, or the SQLite file. */
export type DatabaseTarget = { dialect: "postgres"; url: string } | { dialect: "sqlite"; file: string };

/**
 * pg_dump's and pg_restore's connection: the URL without its password, which goes in PGPASSWORD,
 * so that it does not show in the process list (`ps`) beside the command line.
 */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * PostgreSQL: `pg_dump`'s custom format, one consistent snapshot taken while the API keeps
 * running. SQLite: the library's online backup API, also consistent while others write.
 */
export async function dumpDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (target.dialect === "postgres") {
    const { dbname, env } = pgConnection(target.url);
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${dbname}`], env);
    return;
  }
  const sqlite = new BetterSqlite3(target.file, { readonly: true, fileMustExist: true });
  try {
    await sqlite.backup(file);
  } finally {
    sqlite.close();
  }
}

/**
 * Puts the dump back. PostgreSQL: every object of the dump is dropped if present and recreated in
 * one transaction, so a failed restore leaves the database as it was. SQLite: the file is
 * replaced (the API must be stopped; its write-ahead log and index files go with the old file).
 */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<void> {
  if (target.dialect === "postgres") {
    const { dbname, env } = pgConnection(target.url);
    await run(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
    return;
  }
  const incoming = `${target.file}.restoring`;
  fs.copyFileSync(file, incoming);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(target.file + suffix, { force: true });
  fs.renameSync(incoming, target.file);
}
