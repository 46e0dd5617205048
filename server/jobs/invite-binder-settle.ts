/* The invitation binder's decisions about one row, from the chain's state: what a pass (invite-binder.ts) builds on. */
import { BaseError } from "viem";
import { agreesWithChain, bindRetryDelayMs, chainInviterForDatabase } from "../../domain/invite-binding";
import type { ChainSenderOptions } from "./chain-sender-options";
import type { JobObserver } from "../lib/job-observer";
import { type JobLease, withLease } from "./lease/with-lease";
import { isKnown, receiptOf } from "../lib/tx-lookup";
import { adoptChainInviterInTrx } from "../modules/invites/adopt-chain-inviter.service";
import * as repo from "../modules/invites/chain-invites.repository";
import { readMembership } from "../modules/invites/chain-membership";
import type { ChainMembership } from "../../domain/invite-binding";

/** `account` is a key of the binder's own holding the DAO's `BINDER_ROLE` (ADR-0149, "Invitation tree on chain"). */
export interface InviteBinderOptions extends ChainSenderOptions {
  /** The job's lease: its reads, and the fenced transactions every write of the pass is made in. */
  lease: JobLease;
  /**
   * Gas the binder may spend per UTC day (INVITE_BINDER_DAILY_GAS), counted in the database so
   * a restart or another process carries on from the same total; unset: no limit.
   */
  dailyGas?: number;
  /** Told the gas of each stored batch, and the day's after each pass (the app's metrics). */
  observer?: Pick<JobObserver, "inviteBinderGas" | "inviteBinderGasSpent">;
  /**
   * Kept across the passes of a running job: the UTC day on which the budget stopped it. No
   * pass reads the chain or estimates a batch again that day (one warning, no idle polling).
   */
  budgetState?: { stoppedDay: string | null };
}

export type BinderSkip = "no DAO in the deployments" | "deployments file from another chain" | "not a DAO binder";

export interface InviteBinderPassResult {
  skipped?: BinderSkip;
  /** Rows decided on another chain, put back to pending (a fresh local chain). */
  requeued: number;
  /** Rows whose binding was signed and stored this pass (a batch transaction holds many). */
  sent: number;
  /** Batch transactions (`bindInvitersFor`) signed and stored this pass. */
  transactions: number;
  /** Stored transactions sent again (once per transaction, whatever its rows). */
  rebroadcast: number;
  /** Rows found (or made) bound on chain with the database's inviter. */
  bound: number;
  /** Rows bound on chain under another inviter, whose inviter the database took. */
  adopted: number;
  /** Invitees whose inviter is not on chain yet. */
  waiting: number;
  /** Attempts that failed and wait before the next one. */
  failed: number;
  /** The day's gas budget, when one is set. */
  budget?: BinderBudget;
}

/** Where the day's gas budget stands after a pass. */
export interface BinderBudget {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Gas counted for the binder's transactions that day. */
  spent: number;
  dailyGas: number;
  /** The next batch did not fit: its rows wait for the next UTC day. */
  exhausted: boolean;
}

export interface PassContext {
  dao: `0x${string}`;
  genesis: string;
  /** The root users without an inviter are bound under (the deployments file's daoRoot). */
  root: `0x${string}`;
  head: bigint;
  result: InviteBinderPassResult;
  /** Receipts looked up this pass, by transaction: the rows of one batch share one. */
  receipts?: Map<string, Promise<Awaited<ReturnType<typeof receiptOf>>>>;
  /** Transactions sent again this pass: a batch's bytes go out once, not once per row. */
  rebroadcasted?: Set<string>;
}

/** One line for the log and the row: viem's summary with the node's own words when it gave any. */
export const message = (err: unknown) =>
  err instanceof BaseError
    ? err.details && !err.shortMessage.includes(err.details)
      ? `${err.shortMessage} (${err.details})`
      : err.shortMessage
    : err instanceof Error
      ? err.message.split("\n")[0]!
      : String(err);

/** A failed attempt: the row waits its growing delay (domain/invite-binding.ts) before the next one. */
export async function failForNow(o: InviteBinderOptions, ctx: PassContext, row: repo.BindingRow, error: string): Promise<void> {
  const at = (o.now ?? Date.now)();
  const next = { genesis: ctx.genesis, nextAttemptAt: at + bindRetryDelayMs(row.attempts + 1), error, failed: true };
  await withLease(o.lease, (trx) => repo.retryLater(trx, row.userId, next, at));
  ctx.result.failed++;
}

/**
 * Decides a row from the chain's state alone: done when the account is bound with the
 * database's inviter; when it is bound under another one, the chain wins and the database takes
 * it (adoptChainInviter). "unbound": not in the tree yet. `membership`: the chain's state just
 * read for the row (the batch's pre-check reads every row at once); else it is read here.
 */
export async function settleFromChain(
  o: InviteBinderOptions,
  ctx: PassContext,
  row: repo.BindingRow,
  read?: ChainMembership,
): Promise<"bound" | "adopted" | "unbound" | "cycle"> {
  const now = o.now ?? Date.now;
  const membership = read ?? (await readMembership(o.client, ctx.dao, row.address));
  const onChain = chainInviterForDatabase(membership, ctx.root);
  if (onChain === undefined) return "unbound";
  const same = agreesWithChain(membership, ctx.root, row.inviterAddress);
  if (!same) {
    const adopted = await withLease(o.lease, (trx) => adoptChainInviterInTrx(trx, o.lease.dialect, row.userId, onChain, now()));
    if (adopted === "cycle") {
      const error = `Bound on chain under ${onChain}, which would make a cycle in the database`;
      o.log.error({ user: row.address, chainInviter: onChain }, error);
      await failForNow(o, ctx, row, error);
      return "cycle";
    }
    o.log.warn(
      { user: row.address, database: row.inviterAddress, chain: onChain },
      "bound on chain under another inviter: the database took the chain's inviter",
    );
    ctx.result.adopted++;
  } else {
    ctx.result.bound++;
  }
  await withLease(o.lease, async (trx) => {
    await repo.markBound(trx, row.userId, ctx.genesis, now());
    await repo.wakeInvitees(trx, row.userId);
  });
  return same ? "bound" : "adopted";
}

/**
 * Settles a row whose transaction is stored: never sends a new one for it. The rows of one batch
 * share a transaction; each is decided from its own account's state on chain.
 * - receipt with enough confirmations: decided from the chain's state (a reverted transaction,
 *   e.g. because the wallet bound itself meanwhile, still ends bound or adopted);
 * - no receipt, its nonce free: the same signed bytes are sent again (harmless if pooled);
 * - no receipt, its nonce used and the node does not know it: another transaction took the
 *   nonce, so this one can never be mined; the row goes back to pending and the next attempt
 *   reads the chain before sending anything.
 */
export async function settleSent(
  o: InviteBinderOptions,
  ctx: PassContext,
  row: repo.BindingRow,
  rebroadcast = true,
): Promise<void> {
  const now = o.now ?? Date.now;
  const hash = row.txHash!;
  ctx.receipts ??= new Map();
  if (!ctx.receipts.has(hash)) ctx.receipts.set(hash, receiptOf(o.client, hash));
  const receipt = await ctx.receipts.get(hash)!;
  if (receipt) {
    if (receipt.blockNumber > ctx.head - BigInt(o.confirmations - 1)) return;
    if ((await settleFromChain(o, ctx, row)) !== "unbound") return;
    const error =
      receipt.status === "success"
        ? `Transaction ${hash} was mined but the binding is not on chain`
        : `Transaction ${hash} reverted`;
    await failForNow(o, ctx, row, error);
    return;
  }
  const used = await o.client.getTransactionCount({ address: row.fromAddress!, blockTag: "latest" });
  if (used > row.txNonce!) {
    if (await isKnown(o.client, hash)) return; // mined; its receipt is not served yet
    const next = { genesis: ctx.genesis, nextAttemptAt: now(), error: `Transaction ${hash} was replaced`, failed: false };
    await withLease(o.lease, (trx) => repo.retryLater(trx, row.userId, next, now()));
    return;
  }
  if (!rebroadcast) return;
  ctx.rebroadcasted ??= new Set();
  if (ctx.rebroadcasted.has(hash)) return;
  ctx.rebroadcasted.add(hash);
  ctx.result.rebroadcast++;
  const broadcast = o.broadcast ?? ((raw: `0x${string}`) => o.client.sendRawTransaction({ serializedTransaction: raw }));
  try {
    await broadcast(row.rawTx!);
  } catch (err) {
    // "already known" and friends: the node has it. Anything else is retried next pass.
    o.log.warn({ err: message(err), tx: hash }, "rebroadcast of a binding failed");
  }
}
