import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../server/db/database";
import { seedDemoData } from "../../server/seed/seed-demo-data";
import { conflict } from "../../server/lib/errors";
import { changeBalance } from "../../server/modules/ledger/ledger.service";
import { createTestApp } from "./support/test-app";

let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await createTestApp());
  await seedDemoData(db.kysely);
});
afterEach(async () => close());

const insufficient = conflict("withdraw.insufficient");

async function alice() {
  return db.kysely.selectFrom("users").selectAll().where("invitation_code", "=", "DEMA2345").executeTakeFirstOrThrow();
}

async function ledgerSum(userId: bigint, currency: "CNY" | "USDT" | "WUSDT") {
  const rows = await db.kysely
    .selectFrom("ledger")
    .select("delta")
    .where("user_id", "=", userId)
    .where("currency", "=", currency)
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.delta), 0n);
}

describe("changeBalance", () => {
  it("moves the balance and writes a ledger row with the balance after", async () => {
    const user = await alice();
    const after = await db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId: BigInt(user.id), currency: "USDT", delta: -250n, kind: "test", now: 1 }, insufficient),
      );
    expect(after).toBe(BigInt(user.amount_usdt) - 250n);
    const last = await db.kysely.selectFrom("ledger").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(BigInt(last.delta)).toBe(-250n);
    expect(BigInt(last.balance_after)).toBe(after);
    expect(await ledgerSum(BigInt(user.id), "USDT")).toBe(after);
  });

  it("refuses to go below zero and changes nothing", async () => {
    const user = await alice();
    const tooMuch = -(BigInt(user.amount_cny) + 1n);
    await expect(
      db.kysely
        .transaction()
        .execute((trx) =>
          changeBalance(trx, { userId: BigInt(user.id), currency: "CNY", delta: tooMuch, kind: "test", now: 1 }, insufficient),
        ),
    ).rejects.toBe(insufficient);
    expect(BigInt((await alice()).amount_cny)).toBe(BigInt(user.amount_cny));
    expect(await ledgerSum(BigInt(user.id), "CNY")).toBe(BigInt(user.amount_cny));
  });

  it("lets exactly the affordable number of 100 concurrent debits through", async () => {
    const user = await alice();
    const balance = BigInt(user.withdraw_usdt); // 200 USDT
    const debit = 7_000_000n; // 7 USDT: 28 fit, 4 USDT remain
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        db.kysely
          .transaction()
          .execute((trx) =>
            changeBalance(trx, { userId: BigInt(user.id), currency: "WUSDT", delta: -debit, kind: "test", now: 1 }, insufficient),
          ),
      ),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled").length;
    expect(succeeded).toBe(Number(balance / debit));
    const final = BigInt((await alice()).withdraw_usdt);
    expect(final).toBe(balance - debit * BigInt(succeeded));
    expect(final >= 0n).toBe(true);
    expect(await ledgerSum(BigInt(user.id), "WUSDT")).toBe(final);
  });
});

describe("demo data", () => {
  it("loads once: a second run keeps the database as it is", async () => {
    expect(await seedDemoData(db.kysely)).toBe(false);
    const users = await db.kysely.selectFrom("users").select(["invitation_code", "inviter_id"]).orderBy("id").execute();
    expect(users.map((u) => u.invitation_code)).toEqual(["DEMA2345", "DEMB2345", "DEMC2345"]);
  });
});
