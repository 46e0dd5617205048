import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Database } from "../../../../server/db/schema";
import { internalError } from "../../../../server/lib/errors";
import { changeBalance } from "../../../../server/modules/ledger/ledger.service";
import { login } from "../../support/siwe";
import { insertProduct } from "../../../../server/modules/products/product.repository";

export const ADMIN_TOKEN = "test-admin-token-0123456789";

export interface TestUser {
  id: bigint;
  token: string;
  address: string;
}

/** A fresh signed-in user with opening balances (through the ledger) and an optional inviter. */
export async function newUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  opts: { cny?: bigint; usdt?: bigint; withdrawUsdt?: bigint; inviterId?: bigint; nickname?: string } = {},
): Promise<TestUser> {
  const account = privateKeyToAccount(generatePrivateKey());
  const token = await login(app, account);
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("address", "=", account.address.toLowerCase())
    .executeTakeFirstOrThrow();
  const id = BigInt(row.id);
  if (opts.inviterId !== undefined || opts.nickname !== undefined) {
    await db
      .updateTable("users")
      .set({ inviter_id: opts.inviterId ?? null, nickname: opts.nickname ?? null })
      .where("id", "=", id)
      .execute();
  }
  const grants = [
    ["CNY", opts.cny],
    ["USDT", opts.usdt],
    ["WUSDT", opts.withdrawUsdt],
  ] as const;
  for (const [currency, amount] of grants) {
    if (amount)
      await db
        .transaction()
        .execute((trx) =>
          changeBalance(
            trx,
            { userId: id, currency, delta: amount, kind: "test_grant", now: Date.now() },
            internalError("grant"),
          ),
        );
  }
  return { id, token, address: account.address.toLowerCase() };
}

export async function newProduct(
  db: Kysely<Database>,
  opts: Partial<{
    title: string;
    priceCny: bigint;
    priceUsdt: bigint;
    stock: number;
    dailyRatePpm: number;
    cycleDays: number;
    alloyMaterial: number | null;
    alloyPieces: number;
    onSale: boolean;
    sort: number;
  }> = {},
): Promise<bigint> {
  const now = Date.now();
  const row = await insertProduct(db, {
    title: opts.title ?? "Test product",
    images: JSON.stringify(["/demo/products/test.svg"]),
    description_html: "<p>test</p>",
    price_cny: opts.priceCny ?? 10_000n,
    price_usdt: opts.priceUsdt ?? 10_000_000n,
    stock: opts.stock ?? 100,
    daily_rate_ppm: opts.dailyRatePpm ?? 10_000,
    cycle_days: opts.cycleDays ?? 30,
    alloy_material: opts.alloyMaterial === undefined ? 1 : opts.alloyMaterial,
    alloy_pieces: opts.alloyPieces ?? 2,
    status: opts.onSale === false ? "off_sale" : "on_sale",
    sort: opts.sort ?? 0,
    created_at: now,
    updated_at: now,
  });
  return BigInt(row.id);
}

export async function balances(db: Kysely<Database>, userId: bigint) {
  const u = await db
    .selectFrom("users")
    .select(["amount_cny", "amount_usdt", "withdraw_usdt"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { cny: BigInt(u.amount_cny), usdt: BigInt(u.amount_usdt), withdrawUsdt: BigInt(u.withdraw_usdt) };
}

/** For every user and balance, the sum of ledger deltas equals the balance. */
export async function ledgerMatchesBalances(db: Kysely<Database>): Promise<boolean> {
  const users = await db.selectFrom("users").select(["id", "amount_cny", "amount_usdt", "withdraw_usdt"]).execute();
  const rows = await db.selectFrom("ledger").select(["user_id", "currency", "delta"]).execute();
  const sums = new Map<string, bigint>();
  for (const r of rows) sums.set(`${r.user_id}:${r.currency}`, (sums.get(`${r.user_id}:${r.currency}`) ?? 0n) + BigInt(r.delta));
  return users.every(
    (u) =>
      (sums.get(`${u.id}:CNY`) ?? 0n) === BigInt(u.amount_cny) &&
      (sums.get(`${u.id}:USDT`) ?? 0n) === BigInt(u.amount_usdt) &&
      (sums.get(`${u.id}:WUSDT`) ?? 0n) === BigInt(u.withdraw_usdt),
  );
}

/** Everything a shop call could change, as comparable text (bigint-safe). */
export async function shopSnapshot(db: Kysely<Database>): Promise<string> {
  const tables = [
    "users",
    "ledger",
    "products",
    "orders",
    "order_settlements",
    "team_rewards",
    "product_stock_slices",
    "alloy_pool_slices",
    "user_alloy",
    "asset_records",
    "notices",
    "notice_reads",
  ] as const;
  const out: Record<string, unknown[]> = {};
  for (const t of tables) out[t] = await db.selectFrom(t).selectAll().execute();
  return JSON.stringify(out, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
}

/** Rows may come back in any order; sort them for a stable snapshot. */
export const sortedSnapshot = async (db: Kysely<Database>) => {
  const parsed = JSON.parse(await shopSnapshot(db)) as Record<string, unknown[]>;
  for (const k of Object.keys(parsed)) parsed[k] = parsed[k]!.map((r) => JSON.stringify(r)).sort();
  return JSON.stringify(parsed);
};
