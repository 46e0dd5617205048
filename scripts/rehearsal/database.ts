import { ownPostgresAvailable, startOwnPostgres } from "../lib/own-postgres";

export interface RehearsalDatabase {
  url: string;
  stop(): void;
}

/**
 * The rehearsal's PostgreSQL: a server of its own (as root, Debian's `pg_createcluster`, what the
 * CI machine has), dropped afterwards; or, for a developer without root, the database
 * REHEARSAL_DATABASE_URL names, which must be empty and is left as the rehearsal leaves it.
 */
export async function rehearsalDatabase(env: NodeJS.ProcessEnv = process.env): Promise<RehearsalDatabase> {
  if (env.REHEARSAL_DATABASE_URL) return { url: env.REHEARSAL_DATABASE_URL, stop: () => undefined };
  if (!ownPostgresAvailable())
    throw new Error(
      "the rehearsal needs PostgreSQL: run it as root on a machine with Debian's postgresql package (it makes a server of its own), or set REHEARSAL_DATABASE_URL to an empty database",
    );
  return startOwnPostgres();
}
