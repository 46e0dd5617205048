import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty PostgreSQL database on the server `adminUrl` names, and how to drop it. Each
 * test app (and the replicas test) gets its own, so suites never see each other's rows.
 */
export async function createPgTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg-pool's end() resolves before its clients' backends have exited; forcing the drop
      // while one is still alive makes it emit an unhandled "terminating connection" error.
      for (let i = 0; i < 50; i++) {
        const left = await client.query("select 1 from pg_stat_activity where datname = $1", [name]);
        if (left.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
