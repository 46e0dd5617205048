import { describe, expect, it } from "vitest";
import { keccak256 } from "viem";
import { appendEventInTrx } from "../../../server/modules/events/append-event";
import { recordDrawInTrx } from "../../../server/modules/lottery/lottery-draw.service";
import { creditRechargeEvent, type RechargeEvent } from "../../../server/modules/recharge/recharge-credit.service";
import { noteConfirmationsInTrx } from "../../../server/modules/recharge/recharge-confirmations.service";
import { findRecord } from "../../../server/modules/records/records.repository";
import { payoutsOfRecords } from "../../../server/modules/withdraw/payout.repository";
import { claimForPayoutInTrx, failAndRefund, markPaidInTrx } from "../../../server/modules/withdraw/payout.service";
import { internalError } from "../../../server/lib/errors";
import { changeBalance, takeBackInTrx } from "../../../server/modules/ledger/ledger.service";
import { ALICE_ADDRESS, balances, FUND_PASSWORD, PAYOUT_ADDRESS, post, SETUP_TIMEOUT_MS } from "../assets/support";
import { newProduct } from "../shop/support/shop-fixtures";
import { balanceEventMismatches } from "../support/balance-events";
import { dataOf, eventsEnvPerTest } from "./support";

/**
 * Issue 28, item 3: what a change writes reaches the owner's open stream, from the transaction
 * that made the change. On SQLite, and on PostgreSQL with TEST_DATABASE_URL (LISTEN/NOTIFY).
 */
const env = eventsEnvPerTest();
const GAME = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

const rechargeOf = (reference: string, amount: bigint): RechargeEvent => ({
  chainId: 31337,
  genesisHash: `0x${"0d".repeat(32)}`,
  txHash: keccak256(`0x${BigInt(reference).toString(16).padStart(64, "0")}`),
  ordinal: 0,
  logIndex: 0,
  blockNumber: 10n,
  blockHash: `0x${"b1".repeat(32)}`,
  user: ALICE_ADDRESS,
  token: "0x55d398326f99059ff775485246999027b3197955",
  random: BigInt(reference),
  amount,
  decimals: 6,
});

async function withdrawal(amount = "15000000") {
  const res = await post(env.app, "/asset/withdraw", env.aliceToken, {
    type: 2,
    address: PAYOUT_ADDRESS,
    amount,
    password: FUND_PASSWORD,
  });
  expect(res.json().code).toBe(0);
  return (await findRecord(env.db.kysely, BigInt(res.json().data.id)))!;
}

describe("the live-update stream", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("opens with `ready` and pushes a recharge's confirmations (x of N), its credit and the balance", async () => {
    const stream = await env.open(env.aliceToken);
    expect(stream.status).toBe(200);
    await stream.next((m) => m.event === "ready");
    const intent = (
      await post(env.app, "/asset/chain/recharge", env.aliceToken, { reference: "1234567890555", amount: "5000000" })
    ).json().data;
    const recordId = BigInt(intent.id);
    const seen = { userId: env.aliceId, recordId, txHash: rechargeOf("1234567890555", 0n).txHash, required: 3 };
    for (const confirmations of [1, 2, 2])
      await env.db.kysely
        .transaction()
        .execute((trx) => noteConfirmationsInTrx(trx, { ...seen, confirmations, now: Date.now() }));
    const second = await stream.next((m) => m.event === "recharge" && dataOf(m).confirmations === 2);
    expect(dataOf(second)).toEqual({ recordId: String(recordId), status: "confirming", confirmations: 2, required: 3 });
    expect(await creditRechargeEvent(env.db.kysely, rechargeOf("1234567890555", 5_000_000n), Date.now())).toBe("matched");
    // The balance first: a credit locks the user's row before the event counter.
    const balance = await stream.next((m) => m.event === "balance" && dataOf(m).currency === "USDT");
    await stream.next((m) => m.event === "recharge" && dataOf(m).status === "credited", {
      from: stream.messages.indexOf(balance),
    });
    const pushed = stream.messages.filter((m) => m.event === "recharge").map((m) => dataOf(m));
    // The repeated depth 2 changed nothing, so it was neither stored nor pushed again.
    expect(pushed.map((d) => [d.status, d.confirmations])).toEqual([
      ["confirming", 1],
      ["confirming", 2],
      ["credited", null],
    ]);
    const ids = stream.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("pushes a payout sent, then confirmed; and a failed one with its refund", async () => {
    const stream = await env.open(env.aliceToken);
    await stream.next((m) => m.event === "ready");
    const record = await withdrawal();
    await stream.next((m) => m.event === "balance" && dataOf(m).currency === "WUSDT");
    const hash = keccak256("0x01");
    const payout = {
      chain_id: 31337,
      genesis_hash: `0x${"0d".repeat(32)}`,
      from_address: PAYOUT_ADDRESS.toLowerCase(),
      to_address: PAYOUT_ADDRESS.toLowerCase(),
      token_address: PAYOUT_ADDRESS.toLowerCase(),
      token_amount: "15000000",
      nonce: 1n,
      tx_hash: hash,
      raw_tx: "0x00",
    };
    await env.db.kysely.transaction().execute((trx) => claimForPayoutInTrx(trx, record, payout, Date.now()));
    const [row] = await payoutsOfRecords(env.db.kysely, [BigInt(record.id)]);
    await env.db.kysely.transaction().execute((trx) => markPaidInTrx(trx, row!, Date.now()));
    await stream.next((m) => m.event === "payout" && dataOf(m).status === "confirmed");
    const payouts = stream.messages.filter((m) => m.event === "payout").map((m) => dataOf(m));
    expect(payouts).toEqual([
      { recordId: String(record.id), status: "sent", txHash: hash },
      { recordId: String(record.id), status: "confirmed", txHash: hash },
    ]);

    const failing = await withdrawal("11000000");
    expect(await failAndRefund(env.db.kysely, failing, null, "The payout wallet lacks USDT", Date.now())).toBe(true);
    const failed = await stream.next((m) => m.event === "payout" && dataOf(m).status === "failed");
    expect(dataOf(failed)).toEqual({ recordId: String(failing.id), status: "failed", txHash: null });
    // The refund's balance came in the same transaction, so it is on the stream before the failure.
    const refund = stream.messages.findIndex((m, i) => i > 0 && m.event === "balance" && stream.messages[i + 1] === failed);
    expect(refund).toBeGreaterThan(0);
  });

  it("pushes an order's debit, and the debt a credit pays back, as balance events (PostgreSQL: from place_order)", async () => {
    const stream = await env.open(env.aliceToken);
    await stream.next((m) => m.event === "ready");
    const productId = await newProduct(env.db.kysely, { priceUsdt: 2_000_000n });
    const before = (await balances(env.db, env.aliceId)).usdt;
    const res = await post(env.app, "/home/order", env.aliceToken, { productId: Number(productId), payType: 2 });
    expect(res.json().code).toBe(0);
    const debit = await stream.next((m) => m.event === "balance" && dataOf(m).currency === "USDT");
    expect(dataOf(debit)).toEqual({ currency: "USDT", balance: String(before - 2_000_000n) });

    // A reversal Alice's balances do not cover leaves debt; the next credit pays it first.
    const now = Date.now();
    const held = await balances(env.db, env.aliceId);
    const reversal = {
      userId: env.aliceId,
      amount: held.usdt + held.wusdt + 10_000_000n,
      kind: "recharge_reversal",
      ref: "t",
      now,
    };
    await env.db.kysely.transaction().execute((trx) => takeBackInTrx(trx, reversal));
    const debt = await stream.next((m) => m.event === "balance" && dataOf(m).currency === "DEBT");
    const owed = BigInt(dataOf(debt).balance as string);
    expect(owed).toBe(10_000_000n);
    const credit = { userId: env.aliceId, currency: "USDT", delta: owed + 1n, kind: "test_grant", now } as const;
    await env.db.kysely.transaction().execute((trx) => changeBalance(trx, credit, internalError("grant")));
    await stream.next((m) => m.event === "balance" && dataOf(m).currency === "DEBT" && dataOf(m).balance === "0");
    expect(await balanceEventMismatches(env.db.kysely)).toEqual([]);
  });

  it("pushes a lottery draw to every user's stream, once however often the keeper reports it", async () => {
    const alice = await env.open(env.aliceToken);
    const bob = await env.open(env.bobToken);
    await alice.next((m) => m.event === "ready");
    await bob.next((m) => m.event === "ready");
    for (let i = 0; i < 2; i++) await env.db.kysely.transaction().execute((trx) => recordDrawInTrx(trx, GAME, 7n, Date.now()));
    await env.db.kysely.transaction().execute((trx) => recordDrawInTrx(trx, GAME, 8n, Date.now()));
    for (const stream of [alice, bob]) {
      await stream.next((m) => m.event === "lottery" && dataOf(m).round === "8");
      expect(stream.messages.filter((m) => m.event === "lottery").map((m) => dataOf(m).round)).toEqual(["7", "8"]);
    }
  });

  it("resumes from Last-Event-ID with exactly what it missed, and never pushes a rolled-back event", async () => {
    const first = await env.open(env.aliceToken);
    await first.next((m) => m.event === "ready");
    const write = (n: number) =>
      env.db.kysely
        .transaction()
        .execute((trx) =>
          appendEventInTrx(trx, env.aliceId, "lottery", { round: String(n), status: "drawn" }, { now: Date.now() }),
        );
    await write(1);
    const one = await first.next((m) => m.event === "lottery");
    first.close();
    await write(2);
    await expect(
      env.db.kysely.transaction().execute(async (trx) => {
        await appendEventInTrx(trx, env.aliceId, "lottery", { round: "rolled back", status: "drawn" }, { now: Date.now() });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await write(3);
    const resumed = await env.open(env.aliceToken, { lastEventId: one.id });
    await resumed.next((m) => m.event === "lottery" && dataOf(m).round === "3");
    expect(resumed.messages.map((m) => m.event)).toEqual(["ready", "lottery", "lottery"]);
    expect(resumed.messages.slice(1).map((m) => dataOf(m).round)).toEqual(["2", "3"]);
    expect(resumed.messages[0]!.id).toBe(one.id);
  });
});
