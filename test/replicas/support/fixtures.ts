import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { invitationCodeFromBytes } from "../../../domain/invitation-code";
import type { Currency, Database } from "../../../server/db/schema";
import { internalError } from "../../../server/lib/errors";
import { hashSessionToken } from "../../../server/modules/auth/session-token";
import { changeBalance } from "../../../server/modules/ledger/ledger.service";
import { hashFundPassword } from "../../../server/modules/register/fund-password";
import { insertProduct } from "../../../server/modules/products/product.repository";

export const FUND_PASSWORD = "Fund-pass-1";

export interface Buyer {
  id: bigint;
  address: string;
  token: string;
}

/**
 * A user signed in (a session row, as a login writes it), with a fund password and the given
 * balances granted through the ledger, so the ledger/balance invariant holds from the start.
 */
export async function createBuyer(
  db: Kysely<Database>,
  o: { address?: string; fundPasswordHash: string; grants: Partial<Record<Currency, bigint>> },
): Promise<Buyer> {
  const now = Date.now();
  const address = (o.address ?? `0x${randomBytes(20).toString("hex")}`).toLowerCase();
  const user = await db
    .insertInto("users")
    .values({
      address,
      invitation_code: invitationCodeFromBytes(randomBytes(8)),
      type: 1,
      nickname: "replica buyer",
      amount_cny: 0n,
      amount_usdt: 0n,
      withdraw_usdt: 0n,
      fund_password_hash: o.fundPasswordHash,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = BigInt(user.id);
  await db.transaction().execute(async (trx) => {
    for (const [currency, delta] of Object.entries(o.grants) as [Currency, bigint][])
      await changeBalance(trx, { userId: id, currency, delta, kind: "test_grant", now }, internalError("grant"));
  });
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      token_hash: hashSessionToken(token),
      user_id: id,
      device_id: "replica-test",
      created_at: now,
      expires_at: now + 3_600_000,
    })
    .execute();
  return { id, address, token };
}

export const fundPasswordHash = () => hashFundPassword(FUND_PASSWORD);

/** A product on sale with plenty of stock, priced 1.00 CNY (100 fen) or 1 USDT. */
export async function createProduct(db: Kysely<Database>): Promise<bigint> {
  const now = Date.now();
  const product = await insertProduct(db, {
    title: "Replica ingot",
    images: JSON.stringify(["/demo/products/steel.svg"]),
    description_html: "<p>replicas</p>",
    price_cny: 100n,
    price_usdt: 1_000_000n,
    stock: 1_000_000,
    daily_rate_ppm: 10_000,
    cycle_days: 30,
    alloy_material: null,
    alloy_pieces: 0,
    status: "on_sale",
    sort: 99,
    created_at: now,
    updated_at: now,
  });
  return BigInt(product.id);
}
