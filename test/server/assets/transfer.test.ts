import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSUFFICIENT_WITHDRAW_BALANCE } from "../../../domain/withdraw-rules";
import {
  balances,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  post,
  snapshot,
  SETUP_TIMEOUT_MS,
  assetsEnvPerTest,
} from "./support";
import { badValueWhere, FUZZ_RUNS, invalidBody, notAnAmount } from "./fuzz";
import { refused } from "../support/refused";

const env = assetsEnvPerTest();

describe("POST /base/api/asset/transfer", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("moves withdrawUsdt into amountUsdt with two ledger rows and a Success record", async () => {
    const before = await balances(env.db, env.aliceId);
    const res = await post(env.app, "/asset/transfer", env.aliceToken, { amount: "12500000", password: FUND_PASSWORD });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        amount: "12500000",
        withdrawUsdt: String(before.wusdt - 12_500_000n),
        amountUsdt: String(before.usdt + 12_500_000n),
      },
    });
    const after = await balances(env.db, env.aliceId);
    expect(after).toEqual({ cny: before.cny, usdt: before.usdt + 12_500_000n, wusdt: before.wusdt - 12_500_000n });

    const id = res.json().data.id as number;
    const ledger = await env.db.kysely.selectFrom("ledger").selectAll().where("ref", "=", `record:${id}`).orderBy("id").execute();
    expect(ledger.map((l) => [l.currency, BigInt(l.delta), l.kind])).toEqual([
      ["WUSDT", -12_500_000n, "transfer"],
      ["USDT", 12_500_000n, "transfer"],
    ]);
    const list = (await post(env.app, "/asset/records", env.aliceToken, { type: "transfer" })).json().data.list;
    expect(list[0]).toMatchObject({ id, type: "transfer", currency: "USDT", amount: "12500000", status: "Success" });
    await expectLedgerMatchesBalances(env.db);
  });

  it("refuses more than withdrawUsdt with the specification's text and changes nothing", async () => {
    const { wusdt } = await balances(env.db, env.aliceId);
    const before = await snapshot(env.db);
    const res = await post(env.app, "/asset/transfer", env.aliceToken, { amount: String(wusdt + 1n), password: FUND_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refused(409, INSUFFICIENT_WITHDRAW_BALANCE));
    expect(await snapshot(env.db)).toBe(before);
  });

  it("needs the fund password: wrong → 400, none set → 403, and changes nothing", async () => {
    await env.db.kysely.updateTable("users").set({ fund_password_hash: null }).where("id", "=", env.bobId).execute();
    const before = await snapshot(env.db);
    const wrong = await post(env.app, "/asset/transfer", env.aliceToken, { amount: "1000000", password: "not-it" });
    expect(wrong.json()).toEqual(refused(400, "fundPassword.wrong"));
    const unset = await post(env.app, "/asset/transfer", env.bobToken, { amount: "1000000", password: "anything" });
    expect(unset.json()).toEqual(refused(403, "fundPassword.notSet"));
    expect(await snapshot(env.db)).toBe(before);
  });

  it("stops checking after 5 wrong fund passwords, even the right one", async () => {
    await env.db.kysely.updateTable("users").set({ fund_password_hash: null }).where("id", "=", env.bobId).execute();
    for (let i = 0; i < 5; i++)
      expect(
        (await post(env.app, "/asset/transfer", env.aliceToken, { amount: "1000000", password: `wrong-${i}` })).json().code,
      ).toBe(400);
    const locked = await post(env.app, "/asset/transfer", env.aliceToken, { amount: "1000000", password: FUND_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(refused(429, "fundPassword.locked", { minutes: 15 }));
    // Another user is not affected. (The guard's other attacks: fund-password-guard.test.ts.)
    expect((await post(env.app, "/asset/transfer", env.bobToken, { amount: "1000000", password: "x" })).json().code).toBe(403);
  });

  it("answers 401 without a valid session", async () => {
    for (const token of [null, "not-a-token", "x".repeat(200)]) {
      const res = await post(env.app, "/asset/transfer", token, { amount: "1000000", password: FUND_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(401);
    }
    await post(env.app, "/user/logout", env.aliceToken);
    expect(
      (await post(env.app, "/asset/transfer", env.aliceToken, { amount: "1000000", password: FUND_PASSWORD })).statusCode,
    ).toBe(401);
  });

  it("fuzz: any malformed body gets a non-zero code and a message, never a 5xx or a change", async () => {
    const before = await snapshot(env.db);
    await fc.assert(
      fc.asyncProperty(
        invalidBody(
          { amount: "1000000", password: FUND_PASSWORD },
          { amount: notAnAmount, password: badValueWhere((v) => v !== FUND_PASSWORD) },
        ),
        async (body) => {
          const res = await post(env.app, "/asset/transfer", env.aliceToken, body);
          expect(res.statusCode).toBeLessThan(500);
          const json = res.json();
          expect(json.code).not.toBe(0);
          expect(typeof json.msg).toBe("string");
          expect(json.msg.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    expect(await snapshot(env.db)).toBe(before);
  });
});
