import { zeroAddress } from "viem";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSUFFICIENT_WITHDRAW_BALANCE, TRON_WITHDRAW_REFUSED } from "../../../domain/withdraw-rules";
import {
  balances,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  PAYOUT_ADDRESS,
  post,
  snapshot,
  SETUP_TIMEOUT_MS,
  assetsEnvPerTest,
  assetsTestEnv,
} from "./support";
import { badValueWhere, FUZZ_RUNS, invalidBody, notAnAmount } from "./fuzz";
import { refused } from "../support/refused";

const env = assetsEnvPerTest();

const withdraw = (body: Record<string, unknown>, token = env.aliceToken) =>
  post(env.app, "/asset/withdraw", token, {
    type: 2,
    address: PAYOUT_ADDRESS,
    amount: "15000000",
    password: FUND_PASSWORD,
    ...body,
  });

describe("POST /base/api/asset/withdraw", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("debits withdrawUsdt and writes a Pending record with the address, in one go", async () => {
    const before = await balances(env.db, env.aliceId);
    const res = await withdraw({});
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        status: "Pending",
        amount: "15000000",
        address: PAYOUT_ADDRESS.toLowerCase(),
        withdrawUsdt: String(before.wusdt - 15_000_000n),
      },
    });
    expect(await balances(env.db, env.aliceId)).toEqual({ ...before, wusdt: before.wusdt - 15_000_000n });
    const id = res.json().data.id as number;
    const record = await env.db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("id", "=", BigInt(id))
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      type: "withdraw",
      currency: "USDT",
      status: "pending",
      address: PAYOUT_ADDRESS.toLowerCase(),
      tx_hash: null,
    });
    expect(BigInt(record.amount)).toBe(-15_000_000n);
    const ledger = await env.db.kysely.selectFrom("ledger").selectAll().where("ref", "=", `record:${id}`).execute();
    expect(ledger.map((l) => [l.currency, BigInt(l.delta), l.kind])).toEqual([["WUSDT", -15_000_000n, "withdraw"]]);
    await expectLedgerMatchesBalances(env.db);
  });

  it("takes BSC when the form sends no type (the shop's form of the specification)", async () => {
    const res = await post(env.app, "/asset/withdraw", env.aliceToken, {
      address: PAYOUT_ADDRESS,
      amount: "10000000",
      password: FUND_PASSWORD,
    });
    expect(res.json()).toMatchObject({ code: 0, data: { status: "Pending", amount: "10000000" } });
  });

  it("refuses TRON with the specification's text before anything else", async () => {
    const before = await snapshot(env.db);
    const res = await withdraw({
      type: 3,
      address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
      amount: "999999999999999999",
      password: "wrong",
    });
    expect(res.json()).toEqual(refused(400, TRON_WITHDRAW_REFUSED));
    expect(await snapshot(env.db)).toBe(before);
  });

  it("refuses more than withdrawUsdt with the specification's text", async () => {
    const { wusdt } = await balances(env.db, env.aliceId);
    const before = await snapshot(env.db);
    const res = await withdraw({ amount: String(wusdt + 1n) });
    expect(res.json()).toEqual(refused(409, INSUFFICIENT_WITHDRAW_BALANCE));
    expect(await snapshot(env.db)).toBe(before);
  });

  it("refuses a bad address, the zero address, an unknown network, a small amount and a wrong password", async () => {
    await env.db.kysely.updateTable("users").set({ fund_password_hash: null }).where("id", "=", env.bobId).execute();
    const before = await snapshot(env.db);
    const cases: [Record<string, unknown>, ReturnType<typeof refused>][] = [
      [{ address: "0x1234" }, refused(400, "withdraw.addressRefused")],
      [{ address: zeroAddress }, refused(400, "withdraw.addressRefused")],
      [{ address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" }, refused(400, "withdraw.addressRefused")],
      [{ type: 1 }, refused(400, "withdraw.unknownNetwork")],
      [{ amount: "9999999" }, refused(400, "withdraw.belowMinimum", { minimum: "10" })],
      [{ password: "wrong" }, refused(400, "fundPassword.wrong")],
    ];
    for (const [body, expected] of cases) expect((await withdraw(body)).json(), JSON.stringify(body)).toEqual(expected);
    expect(refused(400, "withdraw.belowMinimum", { minimum: "10" }).msg).toBe("The minimum withdrawal is 10 USDT");
    expect((await withdraw({}, env.bobToken)).json()).toMatchObject({ code: 403, key: "fundPassword.notSet" });
    expect(await snapshot(env.db)).toBe(before);
  });

  it("takes the minimum from WITHDRAW_MIN_USDT", async () => {
    await env.close();
    Object.assign(env, await assetsTestEnv({ WITHDRAW_MIN_USDT: "20.5" }));
    expect((await withdraw({ amount: "20499999" })).json()).toMatchObject({
      msg: "The minimum withdrawal is 20.5 USDT",
      params: { minimum: "20.5" },
    });
    expect((await withdraw({ amount: "20500000" })).json().code).toBe(0);
  });

  it("100 concurrent withdrawals against one balance: exactly the affordable number succeed", async () => {
    // The balance is what is under test: lift the per-user call limit and the fund-password guard's
    // window (which right passwords in flight hold points of) out of the way.
    await env.close();
    Object.assign(env, await assetsTestEnv({ WITHDRAW_RATE_LIMIT_PER_MINUTE: "1000", FUND_PASSWORD_MAX_FAILURES: "1000" }));
    const { wusdt } = await balances(env.db, env.aliceId);
    const amount = 13_000_000n;
    const affordable = Number(wusdt / amount);
    expect(affordable).toBeGreaterThan(0);
    expect(affordable).toBeLessThan(100);
    const results = await Promise.all(Array.from({ length: 100 }, () => withdraw({ amount: String(amount) })));
    const codes = results.map((r) => r.json().code);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(codes.filter((c) => c === 0)).toHaveLength(affordable);
    expect(results.filter((r) => r.json().code !== 0).every((r) => r.json().key === INSUFFICIENT_WITHDRAW_BALANCE)).toBe(true);
    const after = await balances(env.db, env.aliceId);
    expect(after.wusdt).toBe(wusdt - amount * BigInt(affordable));
    expect(after.wusdt >= 0n).toBe(true);
    const pending = await env.db.kysely
      .selectFrom("asset_records")
      .select("id")
      .where("user_id", "=", env.aliceId)
      .where("type", "=", "withdraw")
      .where("amount", "=", -amount)
      .execute();
    expect(pending).toHaveLength(affordable);
    await expectLedgerMatchesBalances(env.db);
  });

  it("answers 401 without a valid session", async () => {
    for (const token of [null, "forged"]) expect((await withdraw({}, token as string)).statusCode).toBe(401);
  });

  it("fuzz: any malformed body gets a non-zero code and a message, never a 5xx or a change", async () => {
    const before = await snapshot(env.db);
    const valid = { type: 2, address: PAYOUT_ADDRESS, amount: "15000000", password: FUND_PASSWORD };
    // Without `type` the body is valid (BSC is the default): that one mutation is not a bad body.
    const { type: _type, ...validWithoutType } = valid;
    const bad = invalidBody(valid, { amount: notAnAmount, password: badValueWhere((v) => v !== FUND_PASSWORD) }).filter(
      (b) => JSON.stringify(b) !== JSON.stringify(validWithoutType),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        const res = await post(env.app, "/asset/withdraw", env.aliceToken, body);
        expect(res.statusCode).toBeLessThan(500);
        const json = res.json();
        expect(json.code).not.toBe(0);
        expect(json.msg.length).toBeGreaterThan(0);
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await snapshot(env.db)).toBe(before);
  });
});
