import type { Db } from "../../../server/db/database";

/** Who holds job `name` now: the process id its holder id carries (`host:pid:…`), and the fencing token. */
export async function holderOf(db: Db, name: string): Promise<{ pid: number; token: bigint } | null> {
  const row = await db.kysely.selectFrom("job_leases").select(["holder", "token"]).where("name", "=", name).executeTakeFirst();
  if (!row) return null;
  const pid = Number(row.holder.split(":")[1]);
  return Number.isInteger(pid) ? { pid, token: BigInt(row.token) } : null;
}

/** Polls `check` every 50 ms until it answers true, or fails naming `what` after `timeoutMs`. */
export async function waitUntil(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
