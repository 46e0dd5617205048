import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { findRecord, listRecords } from "../records/records.repository";
import { STATUSES_OF_LABEL, toRecordView } from "../records/records.service";
import { isUniqueViolation } from "../../lib/unique-violation";
import { payoutsOfRecords } from "./payout.repository";
import { debitWithdrawal } from "./withdraw.service";
import type { Audit } from "../operators/audit";

type Label = keyof typeof STATUSES_OF_LABEL;

/** Withdrawals of every user, newest first, with the owner and each on-chain attempt. */
export async function listWithdrawals(
  db: Kysely<Database>,
  q: { status?: Label; page: number; limit: number },
  explorerTemplate: string,
) {
  const { rows, total } = await listRecords(
    db,
    { type: "withdraw", statuses: q.status ? [...STATUSES_OF_LABEL[q.status]] : undefined },
    q.page,
    q.limit,
  );
  const userIds = [...new Set(rows.map((r) => BigInt(r.user_id)))];
  const users = userIds.length ? await db.selectFrom("users").select(["id", "address"]).where("id", "in", userIds).execute() : [];
  const payouts = await payoutsOfRecords(
    db,
    rows.map((r) => BigInt(r.id)),
  );
  const retries = rows.length
    ? await db
        .selectFrom("withdrawal_retries")
        .selectAll()
        .where(
          "failed_record_id",
          "in",
          rows.map((r) => BigInt(r.id)),
        )
        .execute()
    : [];
  const list = rows.map((r) => ({
    ...toRecordView(r, explorerTemplate),
    /** The stored state: "sending" tells an operator a transaction is out. */
    state: r.status,
    attempts: Number(r.attempts),
    userId: Number(r.user_id),
    userAddress: users.find((u) => BigInt(u.id) === BigInt(r.user_id))?.address ?? null,
    retriedAs: (() => {
      const retry = retries.find((x) => BigInt(x.failed_record_id) === BigInt(r.id));
      return retry ? Number(retry.retry_record_id) : null;
    })(),
    payouts: payouts
      .filter((p) => BigInt(p.record_id) === BigInt(r.id))
      .map((p) => ({
        txHash: p.tx_hash,
        nonce: Number(p.nonce),
        from: p.from_address,
        tokenAmount: p.token_amount,
        status: p.status,
        /** Since when the node has not known this attempt although its nonce is used (the replacement window runs). */
        goneSince: p.gone_since == null ? null : Number(p.gone_since),
        time: Number(p.created_at),
      })),
  }));
  return { list, total, page: q.page, limit: q.limit };
}

const alreadyRetried = () => conflict("withdraw.alreadyRetried");

/**
 * The failed withdrawal `failedId` if it may be retried now: a withdrawal, Failed (so refunded),
 * with an address, and not retried before. Otherwise the refusal.
 */
export async function retryableWithdrawal(db: Kysely<Database>, failedId: bigint) {
  const failed = await findRecord(db, failedId);
  if (!failed || failed.type !== "withdraw") throw notFound("withdraw.noSuchWithdrawal");
  if (failed.status !== "failed") throw conflict("withdraw.onlyFailedRetry");
  const address = failed.address;
  if (!address) throw conflict("withdraw.noAddress");
  if (
    await db
      .selectFrom("withdrawal_retries")
      .select("retry_record_id")
      .where("failed_record_id", "=", failedId)
      .executeTakeFirst()
  )
    throw alreadyRetried();
  return { ...failed, address, amount: -BigInt(failed.amount) };
}

/**
 * Retrying a Failed withdrawal (which was refunded) is a new withdrawal of the same amount to the
 * same address: it debits withdrawUsdt again, so the ledger tells the whole story and a user
 * who spent the refund is not overdrawn. Each failed withdrawal can be retried once.
 */
export async function retryWithdrawal(db: Kysely<Database>, failedId: bigint, audit: Audit, now: number) {
  try {
    return await db.transaction().execute((trx) => retryWithdrawalInTrx(trx, failedId, audit, now));
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRetried();
    throw err;
  }
}

/** The retry in the caller's transaction (an approval's), audited there. */
export async function retryWithdrawalInTrx(trx: Kysely<Database>, failedId: bigint, audit: Audit, now: number) {
  const failed = await retryableWithdrawal(trx, failedId);
  const { recordId, withdrawUsdt } = await debitWithdrawal(trx, {
    userId: BigInt(failed.user_id),
    address: failed.address,
    amount: failed.amount,
    note: `Retry of withdrawal #${failedId}`,
    now,
  });
  await trx
    .insertInto("withdrawal_retries")
    .values({ failed_record_id: failedId, retry_record_id: recordId, created_at: now })
    .execute();
  const retry = {
    id: Number(recordId),
    retryOf: Number(failedId),
    status: "Pending" as const,
    amount: failed.amount,
    address: failed.address,
    withdrawUsdt,
  };
  await audit(trx, {
    action: "withdraw.retry",
    target: `withdraw:${failedId}`,
    before: { status: "failed", userId: Number(failed.user_id), amount: failed.amount },
    after: retry,
  });
  return retry;
}
