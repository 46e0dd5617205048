import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findRecord } from "../../../server/modules/records/records.repository";
import { failAndRefund } from "../../../server/modules/withdraw/payout.service";
import {
  assetsTestEnv,
  balances,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  PAYOUT_ADDRESS,
  post,
  SETUP_TIMEOUT_MS,
  type AssetsTestEnv,
} from "../assets/support";
import { refused } from "../support/refused";
import { ADMIN_TOKEN, admin, auditRows, grantInDb, signIn, type Wallet } from "./support";

let env: AssetsTestEnv;
let treasurer: Wallet;
let asker: Wallet;
beforeEach(async () => {
  // Retries above 11 USDT wait for a second treasurer.
  env = await assetsTestEnv({ ADMIN_TOKEN, WITHDRAW_RETRY_APPROVAL_USDT: "11" });
  treasurer = await signIn(env.app);
  asker = await signIn(env.app);
  for (const w of [treasurer, asker]) await grantInDb(env.db, w.address, "treasurer");
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

async function failedWithdrawal(amount: bigint): Promise<number> {
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

describe("withdrawal retry above WITHDRAW_RETRY_APPROVAL_USDT", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("waits for a second treasurer, then retries under the payout rules, once", async () => {
    const failedId = await failedWithdrawal(12_000_000n);
    const before = await balances(env.db, env.aliceId);
    // The shared token files no retry: it is no treasurer, and names nobody who could be told apart from the approver.
    expect(await admin(env.app, "POST", `/withdraw/retry/${failedId}`, { as: "token" })).toMatchObject(
      refused(403, "admin.tokenNotTreasurer"),
    );
    const asked = await admin(env.app, "POST", `/withdraw/retry/${failedId}`, { as: asker });
    expect(asked).toMatchObject({
      code: 0,
      data: {
        status: "AwaitingApproval",
        approval: {
          kind: "withdraw.retry",
          target: `withdraw:${failedId}`,
          requestedBy: asker.address,
          withdrawRetry: { withdrawalId: failedId, amount: "12000000", address: PAYOUT_ADDRESS.toLowerCase() },
          balanceAdjust: null,
        },
      },
    });
    expect(await balances(env.db, env.aliceId)).toEqual(before);
    expect(await admin(env.app, "POST", `/withdraw/retry/${failedId}`, { as: treasurer })).toMatchObject(
      refused(409, "approvals.retryPending"),
    );
    const id = asked.data.approval.id as number;
    expect(await admin(env.app, "POST", `/approvals/${id}/approve`, { as: asker })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    expect((await admin(env.app, "POST", `/approvals/${id}/approve`, { as: treasurer })).code).toBe(0);
    expect(await balances(env.db, env.aliceId)).toEqual({ ...before, wusdt: before.wusdt - 12_000_000n });
    const listed = await admin(env.app, "POST", "/withdraw/list", { as: treasurer, payload: { status: "Failed" } });
    const retriedAs = listed.data.list.find((w: { id: number }) => w.id === failedId).retriedAs as number;
    expect(await findRecord(env.db.kysely, BigInt(retriedAs))).toMatchObject({
      status: "pending",
      note: `Retry of withdrawal #${failedId}`,
    });
    expect(await admin(env.app, "POST", `/withdraw/retry/${failedId}`, { as: treasurer })).toMatchObject(
      refused(409, "withdraw.alreadyRetried"),
    );
    expect((await auditRows(env.db)).map((r) => [r.operator, r.action, r.target])).toEqual([
      [asker.address, "approval.request", `approval:${id}`],
      [treasurer.address, "withdraw.retry", `withdraw:${failedId}`],
      [treasurer.address, "approval.approve", `approval:${id}`],
    ]);
    await expectLedgerMatchesBalances(env.db);
  });

  it("retries at once at or below the amount, audited", async () => {
    const failedId = await failedWithdrawal(11_000_000n);
    const res = await admin(env.app, "POST", `/withdraw/retry/${failedId}`, { as: treasurer });
    expect(res).toMatchObject({ code: 0, data: { retryOf: failedId, status: "Pending", amount: "11000000" } });
    expect((await auditRows(env.db)).map((r) => [r.operator, r.action])).toEqual([[treasurer.address, "withdraw.retry"]]);
  });

  it("refuses the approval when the user spent the refund meanwhile; the request stays pending", async () => {
    const failedId = await failedWithdrawal(12_000_000n);
    const id = (await admin(env.app, "POST", `/withdraw/retry/${failedId}`, { as: asker })).data.approval.id as number;
    const { wusdt } = await balances(env.db, env.aliceId);
    await env.db.kysely.updateTable("users").set({ withdraw_usdt: 1n }).where("id", "=", env.aliceId).execute();
    const res = await admin(env.app, "POST", `/approvals/${id}/approve`, { as: treasurer });
    expect(res.status).toBe(409);
    expect((await admin(env.app, "GET", "/approvals", { as: treasurer, query: { status: "pending" } })).data.total).toBe(1);
    expect(wusdt).toBeGreaterThan(1n);
  });
});
