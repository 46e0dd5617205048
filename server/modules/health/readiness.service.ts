import fs from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { PublicClient } from "viem";
import type { ReadinessReport } from "../../../domain/api/health";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/database";
import { pendingMigrations } from "../../db/migrate";

/** What the readiness checks need: the app's database and config, a chain client and the jobs held. */
export interface ReadinessDeps {
  db: Db;
  config: Pick<AppConfig, "deploymentsFile">;
  chain: Pick<PublicClient, "getBlockNumber">;
  heldJobs: () => string[];
  log: FastifyBaseLogger;
}

/** A probe must answer quickly: a node or database that hangs counts as down. */
const DATABASE_TIMEOUT_MS = 2_000;
const CHAIN_TIMEOUT_MS = 1_000;

/**
 * Can this process serve? The database answers, its migrations are this build's, and the chain
 * answers when one is configured. The checks run side by side; a failure's reason goes to the log
 * only (the probe is public).
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<{ ready: boolean; report: ReadinessReport }> {
  const [database, migrations, chain] = await Promise.all([
    attempt(deps, "database", async () => {
      await within(DATABASE_TIMEOUT_MS, sql`select 1`.execute(deps.db.kysely));
      return "ok" as const;
    }),
    attempt(deps, "migrations", async () => {
      const pending = await within(DATABASE_TIMEOUT_MS, pendingMigrations(deps.db));
      if (pending.length === 0) return "ok" as const;
      deps.log.warn({ pending }, "readiness: migrations pending");
      return "pending" as const;
    }),
    // No deployments file: no chain configured, so nothing to wait for.
    fs.existsSync(deps.config.deploymentsFile)
      ? attempt(deps, "chain", async () => {
          await within(CHAIN_TIMEOUT_MS, deps.chain.getBlockNumber());
          return "ok" as const;
        })
      : ("off" as const),
  ]);
  const report: ReadinessReport = { checks: { database, migrations, chain }, jobs: deps.heldJobs() };
  return { ready: database === "ok" && migrations === "ok" && chain !== "failed", report };
}

/** Runs one check: its state, or "failed" when it throws (the reason goes to the log). */
async function attempt<T extends string>(deps: ReadinessDeps, name: string, check: () => Promise<T>): Promise<T | "failed"> {
  try {
    return await check();
  } catch (err) {
    deps.log.warn({ err, check: name }, "readiness check failed");
    return "failed";
  }
}

/** `work`, or a rejection after `ms` (the work itself is left to finish or fail on its own). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
