import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import type { AppConfig } from "../../../server/config";
import type { Db } from "../../../server/db/database";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { seedDemoData } from "../../../server/seed/seed-demo-data";
import { hashFundPassword } from "../../../server/modules/register/fund-password";
import { login } from "../support/siwe";
import { balanceEventMismatches } from "../support/balance-events";
import { createTestApp } from "../support/test-app";

export const FUND_PASSWORD = "Fund-pass-1";
export const ALICE_ADDRESS = DEMO_ACCOUNTS[1]!.address.toLowerCase();
export const BOB_ADDRESS = DEMO_ACCOUNTS[2]!.address.toLowerCase();
export const PAYOUT_ADDRESS = "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199";

export interface AssetsTestEnv {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  close(): Promise<void>;
  aliceToken: string;
  bobToken: string;
  aliceId: bigint;
  bobId: bigint;
}

/** A fresh app with the demo data, Alice and Bob signed in, Alice with a fund password. */
export async function assetsTestEnv(overrides: Record<string, string> = {}): Promise<AssetsTestEnv> {
  const { app, db, config, close } = await createTestApp(overrides);
  await seedDemoData(db.kysely);
  const aliceToken = await login(app, privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey));
  const bobToken = await login(app, privateKeyToAccount(DEMO_ACCOUNTS[2]!.privateKey));
  const aliceId = await userId(db, ALICE_ADDRESS);
  const bobId = await userId(db, BOB_ADDRESS);
  await db.kysely
    .updateTable("users")
    .set({ fund_password_hash: await hashFundPassword(FUND_PASSWORD) })
    .where("id", "=", aliceId)
    .execute();
  return { app, db, config, close, aliceToken, bobToken, aliceId, bobId };
}

export async function userId(db: Db, address: string): Promise<bigint> {
  const row = await db.kysely
    .selectFrom("users")
    .select("id")
    .where("address", "=", address.toLowerCase())
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

export async function balances(db: Db, id: bigint) {
  const u = await db.kysely
    .selectFrom("users")
    .select(["amount_cny", "amount_usdt", "withdraw_usdt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { cny: BigInt(u.amount_cny), usdt: BigInt(u.amount_usdt), wusdt: BigInt(u.withdraw_usdt) };
}

export async function debtOf(db: Db, id: bigint): Promise<bigint> {
  const u = await db.kysely.selectFrom("users").select("debt_usdt").where("id", "=", id).executeTakeFirstOrThrow();
  return BigInt(u.debt_usdt);
}

/**
 * For every user and currency (the debt included), the ledger's sum equals the balance, and the
 * last live-update `balance` event says the same (every change wrote its event).
 */
export async function expectLedgerMatchesBalances(db: Db): Promise<void> {
  const unannounced = await balanceEventMismatches(db.kysely);
  if (unannounced.length > 0) throw new Error(`balances whose last event is not the balance: ${unannounced.join(", ")}`);
  const users = await db.kysely
    .selectFrom("users")
    .select(["id", "amount_cny", "amount_usdt", "withdraw_usdt", "debt_usdt"])
    .execute();
  const sums = await db.kysely
    .selectFrom("ledger")
    .select(["user_id", "currency", (eb) => eb.fn.sum<bigint | string | number>("delta").as("total")])
    .groupBy(["user_id", "currency"])
    .execute();
  const sumOf = (id: bigint, currency: string) =>
    BigInt(sums.find((s) => BigInt(s.user_id) === id && s.currency === currency)?.total ?? 0);
  const text = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x));
  for (const u of users) {
    const id = BigInt(u.id);
    const actual = { CNY: sumOf(id, "CNY"), USDT: sumOf(id, "USDT"), WUSDT: sumOf(id, "WUSDT"), DEBT: sumOf(id, "DEBT") };
    const expected = {
      CNY: BigInt(u.amount_cny),
      USDT: BigInt(u.amount_usdt),
      WUSDT: BigInt(u.withdraw_usdt),
      DEBT: BigInt(u.debt_usdt),
    };
    if (text(actual) !== text(expected))
      throw new Error(`ledger of user ${id} does not match its balances: ${text({ actual, expected })}`);
  }
}

const ASSET_TABLES = [
  "users",
  "ledger",
  "asset_records",
  "recharge_intents",
  "chain_events",
  "withdrawal_payouts",
  "withdrawal_retries",
  "app_meta",
] as const;

/** Every row of the tables money and records live in, as one comparable string. */
export async function snapshot(db: Db): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ASSET_TABLES) parts.push(await db.kysely.selectFrom(table).selectAll().execute());
  return JSON.stringify(parts, (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
}

export function post(app: FastifyInstance, url: string, token: string | null, payload?: unknown) {
  return app.inject({
    method: "POST",
    url: `/base/api${url}`,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Hook timeout: a fresh database with every area's demo data takes seconds on a loaded machine. */
export const SETUP_TIMEOUT_MS = 60_000;

/**
 * A fresh app and database for each test of the file: the object returned is filled again
 * before each test and closed after it, so a test file holds it in a const.
 */
export function assetsEnvPerTest(): AssetsTestEnv {
  const env = {} as AssetsTestEnv;
  beforeEach(async () => {
    Object.assign(env, await assetsTestEnv());
  }, SETUP_TIMEOUT_MS);
  afterEach(async () => env.close(), SETUP_TIMEOUT_MS);
  return env;
}
