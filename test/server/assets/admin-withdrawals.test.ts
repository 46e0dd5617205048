import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INSUFFICIENT_WITHDRAW_BALANCE } from "../../../domain/withdraw-rules";
import { internalError } from "../../../server/lib/errors";
import { changeBalance } from "../../../server/modules/ledger/ledger.service";
import { findRecord } from "../../../server/modules/records/records.repository";
import { failAndRefund } from "../../../server/modules/withdraw/payout.service";
import {
  assetsTestEnv,
  balances,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  PAYOUT_ADDRESS,
  post,
  snapshot,
  type AssetsTestEnv,
  SETUP_TIMEOUT_MS,
} from "./support";
import { badValue, FUZZ_RUNS, NASTY_STRINGS } from "./fuzz";
import { refused } from "../support/refused";
import { grantInDb, signIn, type Wallet } from "../operators/support";

const ADMIN_TOKEN = "test-admin-token-0123456789";
let env: AssetsTestEnv;
let treasurer: Wallet;
beforeEach(async () => {
  env = await assetsTestEnv({ ADMIN_TOKEN });
  treasurer = await signIn(env.app);
  await grantInDb(env.db, treasurer.address, "treasurer");
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

/**
 * A treasurer's call: by a treasurer wallet's session unless `token` is given, which is then sent
 * as the shared token (null: no credential at all).
 */
const admin = (url: string, payload?: unknown, token?: string | null) =>
  env.app.inject({
    method: "POST",
    url: `/base/api/admin${url}`,
    headers: token === undefined ? { token: treasurer.session } : token ? { "x-admin-token": token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function failedWithdrawal(amount = 12_000_000n): Promise<number> {
  const made = (
    await post(env.app, "/asset/withdraw", env.aliceToken, {
      type: 2,
      address: PAYOUT_ADDRESS,
      amount: String(amount),
      password: FUND_PASSWORD,
    })
  ).json();
  expect(made.code).toBe(0);
  const record = (await findRecord(env.db.kysely, BigInt(made.data.id)))!;
  expect(
    await failAndRefund(env.db.kysely, record, null, "The payout wallet lacks USDT: the amount was refunded", Date.now()),
  ).toBe(true);
  return made.data.id as number;
}

describe("admin: withdrawals", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("refuses every call without a configured ADMIN_TOKEN (403) or with a missing or wrong token (401)", async () => {
    // The right token is no treasurer: withdrawals are a wallet's.
    expect((await admin("/withdraw/list", {}, ADMIN_TOKEN)).json()).toEqual(refused(403, "admin.tokenNotTreasurer"));
    expect((await admin("/withdraw/retry/1", {}, ADMIN_TOKEN)).json()).toEqual(refused(403, "admin.tokenNotTreasurer"));
    expect((await admin("/withdraw/list", {}, null)).statusCode).toBe(401);
    expect((await admin("/withdraw/list", {}, "wrong-token-wrong-token")).statusCode).toBe(401);
    expect((await admin("/withdraw/retry/1", {}, "x".repeat(1000))).statusCode).toBe(401);
    await env.close();
    env = await assetsTestEnv();
    for (const token of [ADMIN_TOKEN, null, ""]) {
      const res = await admin("/withdraw/list", {}, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused(403, "admin.disabled"));
    }
  });

  it("lists withdrawals of all users, filtered by status, with owner and payout attempts", async () => {
    const failedId = await failedWithdrawal();
    const pending = (
      await post(env.app, "/asset/withdraw", env.aliceToken, {
        type: 2,
        address: PAYOUT_ADDRESS,
        amount: "10000000",
        password: FUND_PASSWORD,
      })
    ).json().data.id;
    const failed = (await admin("/withdraw/list", { status: "Failed", limit: 100 })).json();
    expect(failed.code).toBe(0);
    expect(failed.data.list.every((w: { status: string; type: string }) => w.status === "Failed" && w.type === "withdraw")).toBe(
      true,
    );
    expect(failed.data.list.find((w: { id: number }) => w.id === failedId)).toMatchObject({
      state: "failed",
      userAddress: expect.stringMatching(/^0x/),
      payouts: [],
      retriedAs: null,
      amount: "-12000000",
    });
    const open = (await admin("/withdraw/list", { status: "Pending", limit: 100 })).json().data;
    expect(open.list.map((w: { id: number }) => w.id)).toContain(pending);
    const all = (await admin("/withdraw/list")).json().data;
    expect(all).toMatchObject({ page: 1, limit: 10 });
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it("retries a failed withdrawal once: a new Pending withdrawal that debits again", async () => {
    const failedId = await failedWithdrawal(12_000_000n);
    const before = await balances(env.db, env.aliceId);
    const res = await admin(`/withdraw/retry/${failedId}`, {});
    const json = res.json();
    expect(json).toMatchObject({
      code: 0,
      data: { retryOf: failedId, status: "Pending", amount: "12000000", address: PAYOUT_ADDRESS.toLowerCase() },
    });
    expect(await balances(env.db, env.aliceId)).toEqual({ ...before, wusdt: before.wusdt - 12_000_000n });
    const retry = (await findRecord(env.db.kysely, BigInt(json.data.id)))!;
    expect(retry).toMatchObject({ type: "withdraw", status: "pending", note: `Retry of withdrawal #${failedId}` });
    expect((await findRecord(env.db.kysely, BigInt(failedId)))!.status).toBe("failed");
    expect(
      (await admin("/withdraw/list", { status: "Failed", limit: 100 }))
        .json()
        .data.list.find((w: { id: number }) => w.id === failedId).retriedAs,
    ).toBe(json.data.id);

    const before2 = await snapshot(env.db);
    expect((await admin(`/withdraw/retry/${failedId}`)).json()).toEqual(refused(409, "withdraw.alreadyRetried"));
    expect((await admin(`/withdraw/retry/${json.data.id}`)).json()).toEqual(refused(409, "withdraw.onlyFailedRetry"));
    expect((await admin("/withdraw/retry/999999")).json()).toEqual(refused(404, "withdraw.noSuchWithdrawal"));
    expect(await snapshot(env.db)).toBe(before2);
    await expectLedgerMatchesBalances(env.db);
  });

  it("concurrent retries of one failed withdrawal: exactly one wins", async () => {
    const failedId = await failedWithdrawal();
    const results = await Promise.all(Array.from({ length: 6 }, () => admin(`/withdraw/retry/${failedId}`)));
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(results.filter((r) => r.json().code === 0)).toHaveLength(1);
    await expectLedgerMatchesBalances(env.db);
  });

  it("refuses a retry the user can no longer afford, changing nothing", async () => {
    const failedId = await failedWithdrawal(12_000_000n);
    const { wusdt } = await balances(env.db, env.aliceId);
    await env.db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(
          trx,
          { userId: env.aliceId, currency: "WUSDT", delta: -(wusdt - 1n), kind: "test", now: Date.now() },
          internalError("x"),
        ),
      );
    const before = await snapshot(env.db);
    expect((await admin(`/withdraw/retry/${failedId}`)).json()).toEqual(refused(409, INSUFFICIENT_WITHDRAW_BALANCE));
    expect(await snapshot(env.db)).toBe(before);
  });

  it("fuzz: bad ids, bodies and filters never give a 5xx or change anything", async () => {
    const failedId = await failedWithdrawal();
    const before = await snapshot(env.db);
    const id = fc
      .oneof(
        fc.constantFrom(...NASTY_STRINGS.map(encodeURIComponent), "0", "-1", "1.5", "99999999999999999999", "%2e%2e%2f", "abc"),
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
      )
      .filter((s) => s !== String(failedId));
    await fc.assert(
      fc.asyncProperty(id, fc.oneof(fc.constant(undefined), badValue), async (rawId, body) => {
        const res = await admin(`/withdraw/retry/${rawId}`, body);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().code).not.toBe(0);
      }),
      { numRuns: FUZZ_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(badValue, fc.record({ page: badValue, limit: badValue, status: badValue }, { requiredKeys: [] })),
        async (body) => {
          const res = await admin("/withdraw/list", body);
          expect(res.statusCode).toBeLessThan(500);
          if (res.json().code !== 0) expect(res.json().msg.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
    // A body on retry is refused too, even for a real failed withdrawal.
    expect((await admin(`/withdraw/retry/${failedId}`, { force: true })).statusCode).toBe(400);
    expect(await snapshot(env.db)).toBe(before);
  });
});
