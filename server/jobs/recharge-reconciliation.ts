import type { FastifyBaseLogger } from "fastify";
import { parseEventLogs, TransactionReceiptNotFoundError, type PublicClient, type TransactionReceipt } from "viem";
import { gameAbi } from "../../generated/abis";
import type { BlockHashAt } from "../lib/block-hashes";
import {
  canonicalEventsAbove,
  keyOf,
  moveChainEvent,
  type ChainEventBlock,
  type ChainEventRow,
} from "../modules/chain/chain-event.repository";
import { reverseOrphanedCreditInTrx } from "../modules/recharge/recharge-reversal.service";
import type { ChainWatcherName, JobObserver } from "../lib/job-observer";
import { type JobLease, withLease } from "./lease/with-lease";

/** The recharge watcher's name in metrics (`watcher` label). */
export const RECHARGE_WATCHER: ChainWatcherName = "recharge";

export interface ReconcileOptions {
  lease: JobLease;
  client: PublicClient;
  chainId: number;
  confirmations: number;
  /** Blocks below the head within which credits are re-checked. */
  reorgWindow: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now: () => number;
  /** Told of each reversal (the app's metrics). */
  observer?: Pick<JobObserver, "reorgReversed">;
}

export interface ReconcileContext {
  genesis: string;
  game: `0x${string}`;
  usdt: `0x${string}`;
  head: bigint;
  hashAt: BlockHashAt;
}

export interface ReconcileResult {
  checked: number;
  moved: number;
  reversed: number;
}

async function receiptOf(client: PublicClient, hash: `0x${string}`): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/**
 * Where the event is now, if the canonical chain still holds it with the confirmations a credit
 * needs: its transaction's receipt (successful, in a block that is canonical and deep enough)
 * with the same Recharged event at the same place among the transaction's events. Null otherwise.
 */
async function stillInChain(
  o: ReconcileOptions,
  ctx: ReconcileContext,
  row: ChainEventRow,
  safe: bigint,
): Promise<ChainEventBlock | null> {
  const receipt = await receiptOf(o.client, row.tx_hash as `0x${string}`);
  if (!receipt || receipt.status !== "success" || receipt.blockNumber > safe) return null;
  if ((await ctx.hashAt(receipt.blockNumber)) !== receipt.blockHash.toLowerCase()) return null;
  const events = parseEventLogs({ abi: gameAbi, eventName: "Recharged", logs: receipt.logs }).filter(
    (l) => l.address.toLowerCase() === ctx.game.toLowerCase() && l.args.token.toLowerCase() === ctx.usdt.toLowerCase(),
  );
  const event = events[Number(row.ordinal)];
  if (!event) return null;
  const credited = JSON.parse(row.payload) as { user: string; token: string; random: string; amount: string };
  const same =
    event.args.user.toLowerCase() === credited.user &&
    event.args.token.toLowerCase() === credited.token &&
    event.args.random.toString() === credited.random &&
    event.args.amount.toString() === credited.amount;
  return same ? { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, logIndex: event.logIndex } : null;
}

/**
 * The reorganisation check of the chain watcher's pass. Every credit (chain event) within
 * `reorgWindow` blocks of the head is compared with the canonical chain: its block hash at its
 * height first (one cached call per height); when that differs, its transaction's receipt. Still
 * there, in another block with the confirmations a credit needs → only its block is updated.
 * Gone → the credit is reversed (reverseOrphanedCredit); if the transaction comes back later,
 * the watcher credits it again, once. A credit above the head (a lagging node, or a chain that
 * is shorter for now) is left for a later pass: a wrong "gone" would cost the user a reversal.
 */
export async function reconcileRecharges(o: ReconcileOptions, ctx: ReconcileContext): Promise<ReconcileResult> {
  const result: ReconcileResult = { checked: 0, moved: 0, reversed: 0 };
  const safe = ctx.head - BigInt(o.confirmations - 1);
  const rows = await canonicalEventsAbove(o.lease.reads, o.chainId, ctx.genesis, ctx.head - BigInt(o.reorgWindow));
  for (const row of rows) {
    const blockNumber = BigInt(row.block_number);
    if (blockNumber > ctx.head) continue;
    result.checked++;
    if (row.block_hash !== null && (await ctx.hashAt(blockNumber)) === row.block_hash) continue;
    const now = await stillInChain(o, ctx, row, safe);
    if (now) {
      const moved = await withLease(o.lease, (trx) => moveChainEvent(trx, keyOf(row), row.block_hash, now, o.now()));
      if (moved) {
        result.moved++;
        if (row.block_hash !== null)
          o.log.info({ tx: row.tx_hash, from: row.block_number, to: now.blockNumber }, "recharge mined again in another block");
      }
      continue;
    }
    const outcome = await withLease(o.lease, (trx) => reverseOrphanedCreditInTrx(trx, row, o.now()));
    if (outcome !== "gone") {
      result.reversed++;
      o.observer?.reorgReversed?.(RECHARGE_WATCHER, outcome === "reversed" ? "credit" : "uncredited_event");
      o.log.warn(
        { tx: row.tx_hash, block: row.block_number, record: row.record_id, outcome },
        "recharge orphaned by a reorganisation",
      );
    }
  }
  return result;
}
