import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEBT_REFUSAL } from "../../../domain/debt";
import { INSUFFICIENT_WITHDRAW_BALANCE } from "../../../domain/withdraw-rules";
import { internalError } from "../../../server/lib/errors";
import { findChainEvent } from "../../../server/modules/chain/chain-event.repository";
import { changeBalance } from "../../../server/modules/ledger/ledger.service";
import { creditRechargeEvent, type RechargeEvent } from "../../../server/modules/recharge/recharge-credit.service";
import { reverseOrphanedCredit } from "../../../server/modules/recharge/recharge-reversal.service";
import { hashFundPassword } from "../../../server/modules/register/fund-password";
import { runSettlementPass } from "../../../server/modules/settlement/settlement.service";
import { refused } from "../support/refused";
import { login } from "../support/siwe";
import {
  assetsTestEnv,
  type AssetsTestEnv,
  balances,
  debtOf,
  expectLedgerMatchesBalances,
  FUND_PASSWORD,
  post,
  SETUP_TIMEOUT_MS,
  snapshot,
  userId,
} from "./support";
import { transactorOf } from "../../../server/db/transactor";

const USDT = 1_000_000n;
const GENESIS = `0x${"5e".repeat(32)}`;
let env: AssetsTestEnv;
beforeEach(async () => {
  // The parallel-spend test sends 100 calls at once with the right password: the per-user limits
  // and the fund-password guard (each call holds a point while it is checked) are tested elsewhere.
  env = await assetsTestEnv({
    TRANSFER_RATE_LIMIT_PER_MINUTE: "1000",
    WITHDRAW_RATE_LIMIT_PER_MINUTE: "1000",
    FUND_PASSWORD_MAX_FAILURES: "1000",
  });
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

/** A user that signs in for the first time: every balance 0; with a fund password. */
async function freshUser() {
  const account = privateKeyToAccount(generatePrivateKey());
  const token = await login(env.app, account);
  const id = await userId(env.db, account.address);
  await env.db.kysely
    .updateTable("users")
    .set({ fund_password_hash: await hashFundPassword(FUND_PASSWORD) })
    .where("id", "=", id)
    .execute();
  return { address: account.address.toLowerCase(), token, id };
}

let n = 0;
/** A 6-decimal USDT recharge event (token units = micro-USDT) in block 100 of a test chain. */
function recharge(user: string, amount: bigint, over: Partial<RechargeEvent> = {}): RechargeEvent {
  return {
    chainId: 56,
    genesisHash: GENESIS,
    txHash: `0x${(++n).toString(16).padStart(64, "a")}`,
    ordinal: 0,
    logIndex: 3,
    blockNumber: 100n,
    blockHash: `0x${"b1".repeat(32)}`,
    user,
    token: "0x55d398326f99059ff775485246999027b3197955",
    random: 0n,
    amount,
    decimals: 6,
    ...over,
  };
}

const eventRow = (ev: RechargeEvent) =>
  findChainEvent(env.db.kysely, {
    chainId: ev.chainId,
    genesisHash: ev.genesisHash,
    txHash: ev.txHash,
    ordinal: ev.ordinal,
  }).then((r) => r!);

async function productId(priceUsdt: bigint): Promise<number> {
  const p = await env.db.kysely
    .selectFrom("products")
    .select("id")
    .where("price_usdt", "=", priceUsdt)
    .where("status", "=", "on_sale")
    .executeTakeFirstOrThrow();
  return Number(p.id);
}

const ledgerOf = async (id: bigint) =>
  (await env.db.kysely.selectFrom("ledger").selectAll().where("user_id", "=", id).orderBy("id").execute()).map((l) => [
    l.currency,
    BigInt(l.delta),
    l.kind,
  ]);

describe("reversing an orphaned recharge, and the debt", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("takes a covered credit back with its own ledger row; the record turns Reversed, once", async () => {
    const u = await freshUser();
    const ev = recharge(u.address, 50n * USDT);
    expect(await creditRechargeEvent(env.db.kysely, ev, Date.now())).toBe("unmatched_intent");
    const row = await eventRow(ev);
    expect(row).toMatchObject({ status: "canonical", block_hash: ev.blockHash, block_number: 100n });
    expect(await reverseOrphanedCredit(env.db.kysely, row, Date.now())).toBe("reversed");
    expect(await reverseOrphanedCredit(env.db.kysely, row, Date.now())).toBe("gone");

    expect(await balances(env.db, u.id)).toEqual({ cny: 0n, usdt: 0n, wusdt: 0n });
    expect(await debtOf(env.db, u.id)).toBe(0n);
    expect(await ledgerOf(u.id)).toEqual([
      ["USDT", 50n * USDT, "recharge"],
      ["USDT", -50n * USDT, "recharge_reversal"],
    ]);
    expect((await eventRow(ev)).status).toBe("orphaned");
    const list = (await post(env.app, "/asset/records", u.token, { status: "Reversed" })).json().data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: "recharge",
      amount: "50000000",
      status: "Reversed",
      txHash: ev.txHash,
      note: "Block 100 left the chain (reorganisation): the payment is gone and the credit was reversed",
    });
    expect((await env.app.inject({ url: "/base/api/user/info", headers: { token: u.token } })).json().data.debtUsdt).toBe("0");
    await expectLedgerMatchesBalances(env.db);
  });

  it("makes the uncovered part a debt that blocks orders, transfers and withdrawals until the next credits repay it", async () => {
    const u = await freshUser();
    const ev = recharge(u.address, 50n * USDT);
    await creditRechargeEvent(env.db.kysely, ev, Date.now());
    await env.db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId: u.id, currency: "WUSDT", delta: 15n * USDT, kind: "test", now: 1 }, internalError("x")),
      );
    // The user spends 28 of the 50 USDT on an order before the recharge's block is orphaned.
    const product = await productId(28n * USDT);
    const order = (await post(env.app, "/home/order", u.token, { productId: product, payType: 2 })).json();
    expect(order.code).toBe(0);

    expect(await reverseOrphanedCredit(env.db.kysely, await eventRow(ev), Date.now())).toBe("reversed");
    // 22 USDT spendable and 15 withdrawable are taken; the missing 13 USDT is debt. Nothing negative.
    expect(await balances(env.db, u.id)).toEqual({ cny: 0n, usdt: 0n, wusdt: 0n });
    expect(await debtOf(env.db, u.id)).toBe(13n * USDT);
    const reversal = (await ledgerOf(u.id)).filter((l) => l[2] === "recharge_reversal");
    expect(reversal).toEqual([
      ["USDT", -22n * USDT, "recharge_reversal"],
      ["WUSDT", -15n * USDT, "recharge_reversal"],
      ["DEBT", 13n * USDT, "recharge_reversal"],
    ]);
    const info = (await env.app.inject({ url: "/base/api/user/info", headers: { token: u.token } })).json().data;
    expect(info).toMatchObject({ debtUsdt: "13000000", amountUsdt: "0", withdrawUsdt: "0" });
    const record = (await post(env.app, "/asset/records", u.token, { type: "recharge" })).json().data.list[0];
    expect(record.note).toContain("13000000 micro-USDT not covered by the balance became a debt");
    // The order placed before stands.
    const orders = await env.db.kysely.selectFrom("orders").selectAll().where("user_id", "=", u.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.status).toBe("running");

    // While in debt, with money on the side (CNY, which does not pay a USDT debt), every way to spend is refused.
    await env.db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId: u.id, currency: "CNY", delta: 100_000n, kind: "test", now: 1 }, internalError("x")),
      );
    expect(await debtOf(env.db, u.id)).toBe(13n * USDT);
    const before = await snapshot(env.db);
    for (const [url, body] of [
      ["/home/order", { productId: product, payType: 2 }],
      ["/home/order", { productId: product, payType: 1 }],
      ["/asset/transfer", { amount: "1000000", password: FUND_PASSWORD }],
      ["/asset/withdraw", { type: 2, address: `0x${"12".repeat(20)}`, amount: "10000000", password: FUND_PASSWORD }],
    ] as const) {
      const res = await post(env.app, url, u.token, body);
      expect(res.json(), url).toEqual(refused(409, DEBT_REFUSAL));
    }
    expect(await snapshot(env.db)).toBe(before);

    // Every credit path pays the debt first: the order's own income (settlement, into withdrawUsdt) …
    const settled = await runSettlementPass(transactorOf(env.db.kysely), {
      rewardRatesPpm: [],
      now: Date.now() + 3 * 24 * 3600_000,
    });
    expect(settled.income).toBeGreaterThan(0n);
    const income = (await ledgerOf(u.id)).filter((l) => l[2] === "income").reduce((sum, l) => sum + (l[1] as bigint), 0n);
    expect(income).toBeGreaterThan(0n);
    expect(await debtOf(env.db, u.id)).toBe(13n * USDT - income);
    expect((await balances(env.db, u.id)).wusdt).toBe(0n);
    // … and the next recharge, which pays the rest and leaves the remainder spendable.
    await creditRechargeEvent(env.db.kysely, recharge(u.address, 20n * USDT), Date.now());
    expect(await debtOf(env.db, u.id)).toBe(0n);
    expect((await balances(env.db, u.id)).usdt).toBe(20n * USDT - (13n * USDT - income));
    const repayments = (await ledgerOf(u.id)).filter((l) => l[2] === "debt_repayment");
    expect(repayments.filter((l) => l[0] === "DEBT").reduce((sum, l) => sum + (l[1] as bigint), 0n)).toBe(-13n * USDT);

    // Debt repaid: spending works again, refused only for the balance.
    const transfer = await post(env.app, "/asset/transfer", u.token, { amount: "1000000", password: FUND_PASSWORD });
    expect(transfer.json()).toEqual(refused(409, INSUFFICIENT_WITHDRAW_BALANCE));
    await creditRechargeEvent(env.db.kysely, recharge(u.address, 30n * USDT), Date.now());
    expect((await post(env.app, "/home/order", u.token, { productId: product, payType: 2 })).json().code).toBe(0);
    await expectLedgerMatchesBalances(env.db);
  });

  it("100 parallel spend attempts during a reversal: no negative balance, exact ledger sums, nothing spent after it", async () => {
    const u = await freshUser();
    const ev = recharge(u.address, 300n * USDT);
    await creditRechargeEvent(env.db.kysely, ev, Date.now());
    await env.db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(trx, { userId: u.id, currency: "WUSDT", delta: 200n * USDT, kind: "test", now: 1 }, internalError("x")),
      );
    const product = await productId(28n * USDT);
    const address = `0x${"34".repeat(20)}`;
    const attempts = Array.from({ length: 100 }, (_, i) =>
      i % 3 === 0
        ? post(env.app, "/asset/transfer", u.token, { amount: String(7n * USDT), password: FUND_PASSWORD })
        : i % 3 === 1
          ? post(env.app, "/asset/withdraw", u.token, { type: 2, address, amount: String(11n * USDT), password: FUND_PASSWORD })
          : post(env.app, "/home/order", u.token, { productId: product, payType: 2 }),
    );
    // The reversal starts while the spends are under way.
    const reversal = new Promise((r) => setTimeout(r, 30)).then(async () =>
      reverseOrphanedCredit(env.db.kysely, await eventRow(ev), Date.now()),
    );
    const [results, outcome] = await Promise.all([Promise.all(attempts), reversal]);
    expect(outcome).toBe("reversed");
    for (const res of results) {
      const json = res.json();
      if (json.code !== 0) expect([DEBT_REFUSAL, INSUFFICIENT_WITHDRAW_BALANCE, "orders.insufficientUsdt"]).toContain(json.key);
    }

    const ledger = await env.db.kysely.selectFrom("ledger").selectAll().where("user_id", "=", u.id).orderBy("id").execute();
    const sum = (kind: string, currency?: string) =>
      ledger.filter((l) => l.kind === kind && (!currency || l.currency === currency)).reduce((s, l) => s + BigInt(l.delta), 0n);
    const b = await balances(env.db, u.id);
    const debt = await debtOf(env.db, u.id);
    expect(b.usdt >= 0n && b.wusdt >= 0n && debt >= 0n).toBe(true);
    // Money is conserved: what came in, minus what was spent, minus the reversal, is held or owed.
    const spent = -(sum("order") + sum("withdraw"));
    expect(b.usdt + b.wusdt - debt).toBe(300n * USDT + 200n * USDT - spent - 300n * USDT);
    expect(sum("recharge_reversal", "USDT") + sum("recharge_reversal", "WUSDT") - sum("recharge_reversal", "DEBT")).toBe(
      -300n * USDT,
    );
    // A reversal that left a debt stopped every spend queued behind it. One that the balance
    // covered leaves the rest spendable: spends after it are then ordinary ones (orders on
    // PostgreSQL go in batches, so some do land after it).
    const firstReversal = ledger.find((l) => l.kind === "recharge_reversal")!.id;
    const reversalLeftDebt = ledger.some((l) => l.kind === "recharge_reversal" && l.currency === "DEBT");
    if (reversalLeftDebt)
      for (const l of ledger)
        if (["order", "withdraw", "transfer"].includes(l.kind)) expect(BigInt(l.id) < BigInt(firstReversal)).toBe(true);
    if (debt > 0n)
      expect((await post(env.app, "/home/order", u.token, { productId: product, payType: 2 })).json().key).toBe(DEBT_REFUSAL);
    await expectLedgerMatchesBalances(env.db);
  });

  it("credits an event mined again after its reversal exactly once, and only moves a credit whose transaction changed block", async () => {
    const u = await freshUser();
    const ev = recharge(u.address, 40n * USDT);
    await creditRechargeEvent(env.db.kysely, ev, Date.now());
    await reverseOrphanedCredit(env.db.kysely, await eventRow(ev), Date.now());
    // The same transaction in another block, delivered twice (two watchers, or a re-read).
    const again = { ...ev, blockNumber: 104n, blockHash: `0x${"c4".repeat(32)}`, logIndex: 0 };
    const outcomes = await Promise.all([
      creditRechargeEvent(env.db.kysely, again, Date.now()),
      creditRechargeEvent(env.db.kysely, again, Date.now()),
    ]);
    expect(outcomes.sort()).toEqual(["duplicate", "recredited"]);
    expect((await balances(env.db, u.id)).usdt).toBe(40n * USDT);
    expect(await eventRow(ev)).toMatchObject({ status: "canonical", block_number: 104n, block_hash: again.blockHash });
    const records = (await post(env.app, "/asset/records", u.token, { type: "recharge" })).json().data.list;
    expect(records.map((r: { status: string }) => r.status)).toEqual(["Success", "Reversed"]);
    expect(records[0].note).toBe(
      `Mined again in block 104 after a chain reorganisation (the first credit, record ${records[1].id}, was reversed)`,
    );

    // Mined again once more before anyone reversed it: the credit stands, only its block moves.
    const third = { ...ev, blockNumber: 105n, blockHash: `0x${"c5".repeat(32)}`, logIndex: 1 };
    expect(await creditRechargeEvent(env.db.kysely, third, Date.now())).toBe("moved");
    expect(await creditRechargeEvent(env.db.kysely, third, Date.now())).toBe("duplicate");
    expect((await balances(env.db, u.id)).usdt).toBe(40n * USDT);
    const moved = await eventRow(ev);
    expect([moved.status, BigInt(moved.block_number), Number(moved.log_index)]).toEqual(["canonical", 105n, 1]);
    // A reversal that still names the old block finds the row changed and does nothing.
    expect(await reverseOrphanedCredit(env.db.kysely, { ...(await eventRow(ev)), block_hash: again.blockHash }, Date.now())).toBe(
      "gone",
    );
    expect(await ledgerOf(u.id)).toEqual([
      ["USDT", 40n * USDT, "recharge"],
      ["USDT", -40n * USDT, "recharge_reversal"],
      ["USDT", 40n * USDT, "recharge"],
    ]);
    await expectLedgerMatchesBalances(env.db);
  });

  it("keys events by the chain's genesis hash: the same transaction hash on a fresh chain is a new event", async () => {
    const u = await freshUser();
    const ev = recharge(u.address, 5n * USDT);
    await creditRechargeEvent(env.db.kysely, ev, Date.now());
    expect(await creditRechargeEvent(env.db.kysely, { ...ev, genesisHash: `0x${"6f".repeat(32)}` }, Date.now())).toBe(
      "unmatched_intent",
    );
    expect((await balances(env.db, u.id)).usdt).toBe(10n * USDT);
  });
});
