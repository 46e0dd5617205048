import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { type LocalAccount, mnemonicToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../../server/db/schema";
import { createDb } from "../../../server/db/database";
import { HARDHAT_MNEMONIC } from "../../../domain/demo-accounts";
import { internalError } from "../../../server/lib/errors";
import { changeBalance } from "../../../server/modules/ledger/ledger.service";

/** Hardhat account `index` (0..HARDHAT_ACCOUNT_COUNT-1) of the well-known development mnemonic. */
export function hardhatAccount(index: number) {
  return mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
}

/**
 * Signs in over HTTP, as the login page does (nonce → SIWE message signed by the key → login),
 * and answers what the web app keeps in localStorage. Faster than the wallet UI, which
 * test/e2e/login.test.ts covers. `who` is a Hardhat account's index or any local account.
 */
export async function httpSession(apiUrl: string, webUrl: string, who: number | LocalAccount, chainId = 31337) {
  const account = typeof who === "number" ? hardhatAccount(who) : who;
  const index = typeof who === "number" ? String(who) : account.address;
  const nonceReply = (await (await fetch(`${apiUrl}/base/api/user/nonce`)).json()) as {
    code: number;
    msg: string;
    data: { nonce: string };
  };
  if (nonceReply.code !== 0) throw new Error(`nonce for account ${index} refused: ${nonceReply.msg}`);
  const host = new URL(webUrl).host;
  const message = createSiweMessage({
    domain: host,
    address: account.address,
    statement: "Sign in to PEX",
    uri: webUrl,
    version: "1",
    chainId,
    nonce: nonceReply.data.nonce,
    issuedAt: new Date(),
  });
  const signature = await account.signMessage({ message });
  const reply = (await (
    await fetch(`${apiUrl}/base/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ deviceId: `e2e-shop-${index}`, message, signature }),
    })
  ).json()) as { code: number; msg: string; data: { token: string; userInfo: Record<string, unknown> } };
  if (reply.code !== 0) throw new Error(`login of account ${index} failed: ${reply.msg}`);
  return { address: account.address, token: reply.data.token, userInfo: reply.data.userInfo };
}

/** Puts a session into the context's localStorage before any page script runs. */
export async function storeSession(context: BrowserContext, session: { address: string; token: string; userInfo: unknown }) {
  await context.addInitScript(
    (s: { address: string; token: string; userInfo: string }) => {
      if (localStorage.getItem("token")) return;
      localStorage.setItem("token", s.token);
      localStorage.setItem("address", s.address);
      localStorage.setItem("userInfo", s.userInfo);
    },
    { address: session.address, token: session.token, userInfo: JSON.stringify(session.userInfo) },
  );
}

/**
 * Test fixture: credits balances to a signed-in test user through the server's own ledger
 * function (one ledger row per change, like the demo seed's grants), in the stack's SQLite file.
 * CNY has no real deposit path (specification §4: CNY recharge is not connected), and a USDT
 * deposit through the chain watcher is the assets tests' subject, so the shop tests start funded.
 */
export function grantBalances(dataDir: string, address: string, grants: { CNY?: bigint; USDT?: bigint }): Promise<void> {
  return creditInLedger({ sqliteFile: path.join(dataDir, "app.sqlite") }, address, grants);
}

/**
 * Credits balances (CNY, spendable USDT, withdrawable USDT) to a registered user through
 * `changeBalance`, as a `demo_grant` with `ref`, on the API's database: PostgreSQL when
 * `databaseUrl` is given, else the SQLite file.
 */
export async function creditInLedger(
  where: { databaseUrl?: string; sqliteFile: string },
  address: string,
  grants: Partial<Record<"CNY" | "USDT" | "WUSDT", bigint>>,
  ref = "e2e",
): Promise<void> {
  const db = createDb(where);
  const credit = async (trx: Kysely<Database>) => {
    const user = await trx
      .selectFrom("users")
      .select("id")
      .where("address", "=", address.toLowerCase())
      .executeTakeFirstOrThrow();
    for (const [currency, amount] of Object.entries(grants) as ["CNY" | "USDT" | "WUSDT", bigint][]) {
      await changeBalance(
        trx,
        { userId: BigInt(user.id), currency, delta: amount, kind: "demo_grant", ref, now: Date.now() },
        internalError("grant"),
      );
    }
  };
  try {
    if (db.dialect === "postgres") {
      await db.kysely.transaction().execute(credit);
      return;
    }
    // BEGIN IMMEDIATE: this process is a second writer beside the API (its chain watcher writes
    // on its own). A deferred transaction that reads first fails at once with SQLITE_BUSY when
    // the API wrote in between, which no busy timeout waits out; one that takes the write lock
    // first waits its turn.
    await db.kysely.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        await credit(conn);
        await sql`commit`.execute(conn);
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  } finally {
    await db.kysely.destroy();
  }
}
