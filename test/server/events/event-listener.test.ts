import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { appendEventInTrx } from "../../../server/modules/events/append-event";
import { SETUP_TIMEOUT_MS } from "../assets/support";
import { dataOf, eventsEnvPerTest, type EventsTestEnv } from "./support";

/**
 * PostgreSQL: the connection each process LISTENs on can drop (a failover, an idle timeout, an
 * operator's pg_terminate_backend). The listener opens a new one by itself, and its streams read
 * again, so what was written while nobody listened arrives too (docs/decisions/0201).
 */
const listeners = (env: EventsTestEnv) =>
  sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN user_events'`
    .execute(env.db.kysely)
    .then((r) => r.rows.map((row) => row.pid));

const draw = (env: EventsTestEnv, round: number) =>
  env.db.kysely
    .transaction()
    .execute((trx) =>
      appendEventInTrx(trx, env.aliceId, "lottery", { round: String(round), status: "drawn" }, { now: Date.now() }),
    );

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the LISTEN connection, when PostgreSQL drops it",
  { timeout: SETUP_TIMEOUT_MS },
  () => {
    const env = eventsEnvPerTest();

    it("is opened again by itself, and open streams get what was written meanwhile and after", async () => {
      const stream = await env.open(env.aliceToken);
      await stream.next((m) => m.event === "ready");
      await draw(env, 1);
      await stream.next((m) => m.event === "lottery" && dataOf(m).round === "1");
      const [killed] = await listeners(env);
      expect(killed).toBeDefined();

      await sql`select pg_terminate_backend(${killed})`.execute(env.db.kysely);
      // Written while nobody listens: its NOTIFY reaches no one.
      await draw(env, 2);
      const replaced = async () => {
        const pids = await listeners(env);
        return pids.length === 1 && pids[0] !== killed;
      };
      await expect.poll(replaced, { timeout: 10_000 }).toBe(true);
      await stream.next((m) => m.event === "lottery" && dataOf(m).round === "2", { timeoutMs: 10_000 });
      // And the new connection carries the next signals as the first did.
      await draw(env, 3);
      await stream.next((m) => m.event === "lottery" && dataOf(m).round === "3", { timeoutMs: 5_000 });
      const rounds = stream.messages.filter((m) => m.event === "lottery").map((m) => dataOf(m).round);
      expect(rounds).toEqual(["1", "2", "3"]);
    });

    it("keeps trying while PostgreSQL refuses it, and catches up once it is let in", async () => {
      const stream = await env.open(env.aliceToken);
      await stream.next((m) => m.event === "ready");
      const [first] = await listeners(env);
      const database = (await sql<{ db: string }>`select current_database() as db`.execute(env.db.kysely)).rows[0]!.db;
      // No new connections to this database for a while (its own connections cannot say so):
      // every reconnect in between is refused.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`alter database ${database} with allow_connections false`);
      try {
        await sql`select pg_terminate_backend(${first})`.execute(env.db.kysely);
        await draw(env, 4);
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expect(await listeners(env)).toEqual([]);
      } finally {
        await admin.query(`alter database ${database} with allow_connections true`);
        await admin.end();
      }
      await stream.next((m) => m.event === "lottery" && dataOf(m).round === "4", { timeoutMs: 10_000 });
      await draw(env, 5);
      await stream.next((m) => m.event === "lottery" && dataOf(m).round === "5", { timeoutMs: 5_000 });
    });
  },
);
