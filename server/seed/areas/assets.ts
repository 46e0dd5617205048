import type { Kysely } from "kysely";
import { internalError } from "../../lib/errors";
import { changeBalance } from "../../modules/ledger/ledger.service";
import { findRecord, insertRecord } from "../../modules/records/records.repository";
import { insertIntent } from "../../modules/recharge/recharge.repository";
import { transferInTrx } from "../../modules/transfer/transfer.service";
import { failAndRefundInTrx } from "../../modules/withdraw/payout.service";
import { debitWithdrawal } from "../../modules/withdraw/withdraw.service";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import type { Database } from "../../db/schema";
import type { AreaSeed } from "../area-seed";

const DAY = 24 * 3600_000;
const USDT = 1_000_000n;
const DEMO_NOTE = "Demo data";

async function paidRecharge(trx: Kysely<Database>, userId: bigint, reference: string, amount: bigint, at: number) {
  const recordId = await insertRecord(trx, {
    user_id: userId,
    type: "recharge",
    currency: "USDT",
    amount,
    status: "success",
    tx_hash: null,
    address: null,
    ref: reference,
    note: DEMO_NOTE,
    attempts: 0,
    created_at: at,
    updated_at: at,
  });
  await insertIntent(trx, { userId, reference, amount, recordId, now: at });
  await changeBalance(
    trx,
    { userId, currency: "USDT", delta: amount, kind: "recharge", ref: `record:${recordId}`, now: at },
    internalError("seed"),
  );
}

async function openRecharge(trx: Kysely<Database>, userId: bigint, reference: string, amount: bigint, at: number) {
  const recordId = await insertRecord(trx, {
    user_id: userId,
    type: "recharge",
    currency: "USDT",
    amount,
    status: "pending",
    tx_hash: null,
    address: null,
    ref: reference,
    note: null,
    attempts: 0,
    created_at: at,
    updated_at: at,
  });
  await insertIntent(trx, { userId, reference, amount, recordId, now: at });
}

/** A withdrawal already paid earlier (no chain hash: the local chain is new on every start). */
async function paidWithdrawal(trx: Kysely<Database>, userId: bigint, address: string, amount: bigint, at: number) {
  const { recordId } = await debitWithdrawal(trx, { userId, address, amount, now: at });
  await trx
    .updateTable("asset_records")
    .set({ status: "success", note: DEMO_NOTE, updated_at: at })
    .where("id", "=", recordId)
    .execute();
}

/**
 * Asset records of every kind this area writes, for Alice (and a few for Bob): paid and open
 * recharges, paid, refunded and pending withdrawals, and a transfer — each through the same
 * code and ledger rows as the real calls. Alice's pending withdrawal goes to her own wallet:
 * on `npm start` the payout worker pays it on the local chain, so the Pending → Success flow
 * with a real transaction hash shows up by itself. (Order, income and reward records come from
 * the shop seed.)
 */
export const assetsSeed: AreaSeed = async (trx, { userIds, now }) => {
  const alice = userIds.get(1);
  const bob = userIds.get(2);
  if (alice) {
    const aliceWallet = DEMO_ACCOUNTS[1]!.address.toLowerCase();
    await paidRecharge(trx, alice, "1700000000001", 500n * USDT, now - 9 * DAY);
    await paidWithdrawal(trx, alice, aliceWallet, 50n * USDT, now - 7 * DAY);
    const failed = await debitWithdrawal(trx, { userId: alice, address: aliceWallet, amount: 30n * USDT, now: now - 5 * DAY });
    await failAndRefundInTrx(
      trx,
      (await findRecord(trx, failed.recordId))!,
      null,
      "The payout wallet lacks USDT: the amount was refunded",
      now - 5 * DAY,
    );
    await transferInTrx(trx, alice, 25n * USDT, now - 3 * DAY);
    await openRecharge(trx, alice, "1700000000002", 100n * USDT, now - 3600_000);
    await debitWithdrawal(trx, { userId: alice, address: aliceWallet, amount: 20n * USDT, now: now - 600_000 });
  }
  if (bob) {
    await paidRecharge(trx, bob, "1700000000003", 200n * USDT, now - 6 * DAY);
    await paidWithdrawal(trx, bob, DEMO_ACCOUNTS[2]!.address.toLowerCase(), 10n * USDT, now - 2 * DAY);
  }
};
