import { findRecord } from "../modules/records/records.repository";
import { setGoneSince, signedPayouts, type PayoutRow } from "../modules/withdraw/payout.repository";
import { failAndRefundInTrx, markDroppedInTrx, markPaidInTrx } from "../modules/withdraw/payout.service";
import { isKnown, receiptOf } from "../lib/tx-lookup";
import { withLease } from "./lease/with-lease";
import { DEFAULT_REPLACEMENT_WINDOW_MS, type PassContext, type PayoutWorkerOptions } from "./payout-pass-context";

/** When the node was first seen not to know the attempt (null: it knows it again). */
const markGone = (o: PayoutWorkerOptions, id: bigint | number, at: number | null) =>
  withLease(o.lease, (trx) => setGoneSince(trx, BigInt(id), at));

const dropped = (o: PayoutWorkerOptions, p: PayoutRow, reason: string, now: number) =>
  withLease(o.lease, (trx) => markDroppedInTrx(trx, p, reason, now));

/**
 * Settles every stored attempt:
 * - mined with enough confirmations → Success (or, reverted → Failed and refunded);
 * - no receipt and the nonce not used yet → the same signed bytes are sent again (harmless if
 *   already in the pool); never a new transaction;
 * - no receipt but the nonce used: a missing receipt alone proves nothing (a lagging or
 *   load-balanced node may have the nonce and not the receipt), so the attempt is given up — the
 *   withdrawal back to pending for one new attempt — only when the node does not know the
 *   transaction by its hash either, continuously for the replacement window (`gone_since`), and
 *   still has no receipt at the end. Until then it waits and sends nothing.
 * The confirmed nonce is read before any receipt, so "nonce used and no receipt" cannot be a race
 * with our own transaction being mined. Answers the token amount still in flight (not settled).
 */
export async function reconcilePayouts(o: PayoutWorkerOptions, ctx: PassContext): Promise<bigint> {
  const now = o.now ?? Date.now;
  const broadcast = o.broadcast ?? ((raw: `0x${string}`) => o.client.sendRawTransaction({ serializedTransaction: raw }));
  const window = o.replacementWindowMs ?? DEFAULT_REPLACEMENT_WINDOW_MS;
  const open = await signedPayouts(o.lease.reads, o.chainId);
  if (open.length === 0) return 0n;
  const head = await o.client.getBlockNumber();
  const confirmedBlock = head - BigInt(o.confirmations - 1);
  const confirmedNonce = new Map<string, number>();
  let inFlight = 0n;
  for (const p of open) {
    const hash = p.tx_hash as `0x${string}`;
    if (p.genesis_hash !== ctx.genesis) {
      // Only on a development chain that was replaced: the old chain and its payment are gone.
      if (await dropped(o, p, "The chain was replaced: sending again", now())) ctx.result.dropped++;
      continue;
    }
    if (!confirmedNonce.has(p.from_address)) {
      confirmedNonce.set(
        p.from_address,
        await o.client.getTransactionCount({
          address: p.from_address as `0x${string}`,
          blockNumber: confirmedBlock < 0n ? 0n : confirmedBlock,
        }),
      );
    }
    const receipt = await receiptOf(o.client, hash);
    if (receipt) {
      if (receipt.blockNumber > confirmedBlock) continue;
      if (receipt.status === "success") {
        if (await withLease(o.lease, (trx) => markPaidInTrx(trx, p, now()))) ctx.result.paid++;
      } else {
        const record = await findRecord(o.lease.reads, BigInt(p.record_id));
        const reason = "The payout transaction reverted: the amount was refunded";
        if (record && (await withLease(o.lease, (trx) => failAndRefundInTrx(trx, record, p, reason, now())))) ctx.result.failed++;
      }
      continue;
    }
    if (confirmedNonce.get(p.from_address)! > Number(p.nonce)) {
      inFlight += BigInt(p.token_amount);
      if (await isKnown(o.client, hash)) {
        // The node has it (mined, its receipt not served yet, or pooled): it may well be what used the nonce.
        if (p.gone_since !== null) await markGone(o, p.id, null);
        ctx.result.waiting++;
        continue;
      }
      const goneSince = p.gone_since === null ? null : Number(p.gone_since);
      if (goneSince === null) {
        await markGone(o, p.id, now());
        ctx.result.waiting++;
        continue;
      }
      // Ask once more at the end of the window: an answer from a lagging node must not be what sends money twice.
      if (now() - goneSince < window || (await receiptOf(o.client, hash)) || (await isKnown(o.client, hash))) {
        ctx.result.waiting++;
        continue;
      }
      inFlight -= BigInt(p.token_amount);
      if (await dropped(o, p, `Payout attempt ${hash} was replaced on chain: sending again`, now())) ctx.result.dropped++;
      continue;
    }
    if (p.gone_since !== null) await markGone(o, p.id, null);
    inFlight += BigInt(p.token_amount);
    ctx.result.rebroadcast++;
    try {
      await broadcast(p.raw_tx as `0x${string}`);
    } catch (err) {
      // "already known" and friends: the node has it. Anything else is retried next pass.
      o.log.warn({ err: err instanceof Error ? err.message.split("\n")[0] : err, tx: hash }, "rebroadcast of a payout failed");
    }
  }
  return inFlight;
}
