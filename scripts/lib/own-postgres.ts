import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import net from "node:net";

/**
 * A PostgreSQL server of one's own (Debian's `pg_createcluster`, the tool the CI machine's
 * server comes from), so a drill can restart it without disturbing anyone else's database.
 * Needs root (as `.ci/run` has): elsewhere `ownPostgresAvailable()` is false. The rehearsal
 * and the replicas' fault drill use it.
 */
export interface OwnPostgres {
  url: string;
  /** A fast restart, without blocking this process: requests keep going out meanwhile. */
  restart(): Promise<void>;
  stop(): void;
}

const version = () =>
  fs
    .readdirSync("/usr/lib/postgresql")
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(a) - Number(b))
    .pop()!;

export function ownPostgresAvailable(): boolean {
  return process.getuid?.() === 0 && fs.existsSync("/usr/bin/pg_createcluster") && fs.existsSync("/usr/lib/postgresql");
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const v = version();
  const name = `fault_${randomBytes(4).toString("hex")}`;
  const port = await freePort();
  // Trust on the loopback only: a throwaway server that lives as long as the test.
  execFileSync("pg_createcluster", [v, name, "-p", String(port), "--start", "--", "--auth-host=trust", "--auth-local=trust"], {
    stdio: "ignore",
  });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await promisify(execFile)("pg_ctlcluster", [v, name, "restart", "-m", "fast"]);
    },
    stop: () => execFileSync("pg_dropcluster", [v, name, "--stop"], { stdio: "ignore" }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
