import type { FastifyBaseLogger } from "fastify";
import { encodeFunctionData, getAddress, keccak256, type LocalAccount } from "viem";
import { BIND_WAIT_FOR_INVITER_MS } from "../../domain/invite-binding";
import { BINDER_ROLE } from "../../domain/contract-roles";
import { daoAbi } from "../../generated/abis";
import type { AppConfig } from "../config";
import { chainContractsReader, createChainClient } from "../lib/chain";
import { feeFields } from "../lib/tx-lookup";
import * as repo from "../modules/invites/chain-invites.repository";
import { readMembership, treeRootOf } from "../modules/invites/chain-membership";
import { addGasSpent, gasSpent, utcDay } from "./gas-days";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { withLease } from "./lease/with-lease";
import {
  type BinderBudget,
  type InviteBinderOptions,
  type BinderSkip,
  type InviteBinderPassResult,
  type PassContext,
  failForNow,
  message,
  settleFromChain,
  settleSent,
} from "./invite-binder-settle";

export type { BinderBudget, BinderSkip, InviteBinderOptions, InviteBinderPassResult } from "./invite-binder-settle";

/** The most pairs one transaction binds: the DAO's MAX_BIND_BATCH. */
export const BIND_BATCH_MAX = 50;
/** The binder's name in job_gas_days (as in job_leases). */
const JOB = "invite-binder";
/** Rows whose chain state the pre-check reads at once (three reads each). */
const READ_CONCURRENCY = 10;

/** A row that goes into the batch: its account and the inviter (or root) it is bound under. */
interface Pair {
  row: repo.BindingRow;
  user: `0x${string}`;
  inviter: `0x${string}`;
}

/** Thrown inside the claiming transaction when a row is no longer pending: nothing is stored. */
class TakenElsewhere extends Error {}

/**
 * The pre-check, just before the batch is built: each row's account and inviter are read from
 * the chain. A row already bound there (by the wallet itself, another binder, an earlier
 * transaction) is settled without being sent; an invitee whose inviter is neither on chain nor
 * earlier in this batch waits; the rest, in tree order, make the batch.
 */
async function preCheck(o: InviteBinderOptions, ctx: PassContext, rows: repo.BindingRow[]): Promise<Pair[]> {
  const now = o.now ?? Date.now;
  const read = async (row: repo.BindingRow) => {
    const inviter = getAddress(row.inviterAddress ?? ctx.root);
    const [membership, inviterOnChain] = await Promise.all([
      readMembership(o.client, ctx.dao, row.address),
      o.client.readContract({ address: ctx.dao, abi: daoAbi, functionName: "isRegistered", args: [inviter] }),
    ]);
    return { inviter, membership, inviterOnChain };
  };
  const reads: PromiseSettledResult<Awaited<ReturnType<typeof read>>>[] = [];
  for (let i = 0; i < rows.length; i += READ_CONCURRENCY)
    reads.push(...(await Promise.allSettled(rows.slice(i, i + READ_CONCURRENCY).map(read))));

  const pairs: Pair[] = [];
  const inBatch = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const r = reads[i]!;
    try {
      if (r.status === "rejected") throw r.reason;
      const { inviter, membership, inviterOnChain } = r.value;
      if ((await settleFromChain(o, ctx, row, membership)) !== "unbound") continue;
      if (!inviterOnChain && !inBatch.has(inviter.toLowerCase())) {
        const next = {
          genesis: ctx.genesis,
          nextAttemptAt: now() + BIND_WAIT_FOR_INVITER_MS,
          error: `Waiting for the inviter ${inviter} to be bound`,
          failed: false,
        };
        await withLease(o.lease, (trx) => repo.retryLater(trx, row.userId, next, now()));
        ctx.result.waiting++;
        continue;
      }
      pairs.push({ row, user: getAddress(row.address), inviter });
      inBatch.add(row.address.toLowerCase());
    } catch (err) {
      const error = message(err);
      o.log.warn({ err: error, user: row.address }, "binding failed; tried again later");
      await failForNow(o, ctx, row, error);
    }
  }
  return pairs;
}

/**
 * Binds the due pending rows in tree order, up to BIND_BATCH_MAX in one
 * `bindInvitersFor(users, inviters)` transaction: pre-checked on chain (preCheck), estimated,
 * held to the day's gas budget, signed, stored with its nonce on every row of the batch, and only
 * then broadcast. Inviters come before their invitees in the batch, and the DAO binds in order,
 * so an invitee whose inviter is in the same batch binds in the same transaction. A pair bound
 * on chain meanwhile is skipped by the DAO, not reverted on, and settles as bound.
 */
async function bindDue(o: InviteBinderOptions, ctx: PassContext): Promise<void> {
  const now = o.now ?? Date.now;
  const { lease, client, account } = o;
  const budget = ctx.result.budget;
  if (budget && o.budgetState?.stoppedDay === budget.day) {
    budget.exhausted = true; // stopped earlier today: nothing is read or sent until tomorrow
    return;
  }
  const limit = Math.min(Math.max(1, Math.floor(o.batch ?? BIND_BATCH_MAX)), BIND_BATCH_MAX);
  // In a fenced transaction only for its recursive query, which a ReadDb cannot run.
  const rows = await withLease(lease, (trx) => repo.dueBindings(trx, now(), limit));
  if (rows.length === 0) return;
  let pairs = await preCheck(o, ctx, rows);
  if (pairs.length === 0) return;
  const ready = pairs.length;

  const from = account.address;
  const encode = (p: Pair[]) =>
    encodeFunctionData({ abi: daoAbi, functionName: "bindInvitersFor", args: [p.map((x) => x.user), p.map((x) => x.inviter)] });
  let claimed = false;
  try {
    let gas = await client.estimateGas({ account: from, to: ctx.dao, data: encode(pairs) });
    if (budget) {
      const room = BigInt(budget.dailyGas - budget.spent);
      // Too big for what is left of the day: the longest prefix that fits (tree order holds).
      for (let tries = 0; gas > room && tries < 2 && pairs.length > 1; tries++) {
        const fit = Math.min(pairs.length - 1, Number((BigInt(pairs.length) * (room > 0n ? room : 0n)) / gas));
        if (fit < 1) break;
        pairs = pairs.slice(0, fit);
        gas = await client.estimateGas({ account: from, to: ctx.dao, data: encode(pairs) });
      }
      if (gas > room) return budgetReached(o, budget, Number(gas), ready);
    }
    const data = encode(pairs);
    const pendingNonce = await client.getTransactionCount({ address: from, blockTag: "pending" });
    const stored = await repo.highestStoredNonce(lease.reads, ctx.genesis, from);
    const nonce = stored === null ? pendingNonce : Math.max(pendingNonce, stored + 1);
    const raw = await account.signTransaction({
      chainId: o.chainId,
      to: ctx.dao,
      data,
      nonce,
      gas: (gas * 12n) / 10n,
      ...(await feeFields(client)),
    });
    const hash = keccak256(raw);
    const sent = { genesis: ctx.genesis, hash, nonce, raw, from };
    // Stored in one transaction, fenced by the lease: a process that lost the job never
    // broadcasts. The gas is counted there too, so the day's total and the stored batches agree.
    const outcome = await lease
      .transaction(async (trx) => {
        if (budget && (await gasSpent(trx, JOB, budget.day)) + gas > BigInt(budget.dailyGas)) return "over" as const;
        for (const p of pairs) if (!(await repo.claimForSending(trx, p.row.userId, sent, now()))) throw new TakenElsewhere();
        if (budget) await addGasSpent(trx, JOB, budget.day, gas, now());
        return "claimed" as const;
      })
      .catch((err: unknown) => {
        if (err instanceof TakenElsewhere) return "taken" as const;
        throw err;
      });
    if (outcome === "taken") return; // another process has them; this signature is thrown away
    if (outcome === "over") return budgetReached(o, budget!, Number(gas), ready);
    claimed = true;
    o.observer?.inviteBinderGasSpent?.(Number(gas));
    if (budget) budget.spent += Number(gas);
    ctx.result.sent += pairs.length;
    ctx.result.transactions++;
    const broadcast = o.broadcast ?? ((bytes: `0x${string}`) => client.sendRawTransaction({ serializedTransaction: bytes }));
    try {
      await broadcast(raw);
    } catch (err) {
      o.log.warn({ err: message(err), tx: hash, bindings: pairs.length }, "binding broadcast failed; settled next pass");
    }
  } catch (err) {
    // A stored transaction is settled from its hash next pass, never dropped here.
    if (claimed) {
      o.log.warn({ err: message(err), bindings: pairs.length }, "bindings sent; their outcome is checked next pass");
      return;
    }
    const error = message(err);
    o.log.warn({ err: error, bindings: pairs.length }, "binding batch failed; tried again later");
    for (const p of pairs) await failForNow(o, ctx, p.row, error);
  }
}

/**
 * The next batch does not fit in the day's gas budget: nothing is sent, its rows stay pending
 * as they are (no attempt counted) and go out the next UTC day. Said once a day when the job
 * keeps `budgetState`.
 */
function budgetReached(o: InviteBinderOptions, budget: BinderBudget, next: number, waiting: number): void {
  budget.exhausted = true;
  if (o.budgetState) o.budgetState.stoppedDay = budget.day;
  o.log.warn(
    { day: budget.day, spent: budget.spent, next, dailyGas: budget.dailyGas, waiting },
    "invite binder stopped: the next batch would pass the daily gas budget (INVITE_BINDER_DAILY_GAS); bindings wait for the next UTC day",
  );
}

/**
 * One pass of the invite binder: mirrors the database's invitation tree into the DAO's
 * (`bindInvitersFor`, a batch per pass), inviters before invitees. A new chain (another genesis hash) puts every
 * binding back in the queue, replayed in tree order. Stored transactions are settled first,
 * then due rows are bound, then what this pass sent is settled (a local chain mines at once).
 */
export async function runInviteBinderPass(o: InviteBinderOptions): Promise<InviteBinderPassResult> {
  const now = o.now ?? Date.now;
  const result: InviteBinderPassResult = {
    requeued: 0,
    sent: 0,
    transactions: 0,
    rebroadcast: 0,
    bound: 0,
    adopted: 0,
    waiting: 0,
    failed: 0,
  };
  const contracts = o.contracts();
  const dao = contracts?.deployments.contracts.dao;
  if (!contracts || !dao) return { ...result, skipped: "no DAO in the deployments" };
  const genesis = (await o.client.getBlock({ blockNumber: 0n })).hash.toLowerCase();
  if (genesis !== contracts.deployments.genesisHash.toLowerCase())
    return { ...result, skipped: "deployments file from another chain" };
  const root = treeRootOf(contracts.deployments);
  const binder = await o.client.readContract({
    address: dao,
    abi: daoAbi,
    functionName: "hasRole",
    args: [BINDER_ROLE, o.account.address],
  });
  if (!binder && root.toLowerCase() !== o.account.address.toLowerCase()) return { ...result, skipped: "not a DAO binder" };

  result.requeued = await withLease(o.lease, (trx) => repo.requeueOtherChains(trx, genesis, now()));
  if (result.requeued > 0)
    o.log.info({ bindings: result.requeued }, "new chain: every binding is queued again and replayed in tree order");
  const ctx: PassContext = { dao, genesis, root, head: await o.client.getBlockNumber(), result };
  for (const row of await repo.sentBindings(o.lease.reads, genesis)) await settleSent(o, ctx, row);
  if (o.dailyGas !== undefined) {
    const day = utcDay(now());
    const spent = Number(await gasSpent(o.lease.reads, JOB, day));
    result.budget = { day, spent, dailyGas: o.dailyGas, exhausted: false };
  }
  await bindDue(o, ctx);
  if (result.sent > 0 || result.rebroadcast > 0) {
    ctx.head = await o.client.getBlockNumber();
    ctx.receipts = new Map();
    for (const row of await repo.sentBindings(o.lease.reads, genesis)) await settleSent(o, ctx, row, false);
  }
  if (result.budget) o.observer?.inviteBinderGas?.(result.budget.spent, result.budget.dailyGas, result.budget.exhausted);
  return result;
}

/**
 * Starts the binder when its key is configured (`account`; the local chain has one by default);
 * elsewhere without one it stays off with a warning, and registrations are not bound on chain
 * until it runs (they stay queued). Passes never overlap; a failed pass is logged and retried.
 */
export function startInviteBinder(config: AppConfig, account: LocalAccount | null, runner: JobRunner, log: FastifyBaseLogger) {
  if (config.inviteBinderIntervalMs === 0) {
    log.info("invite binder off (INVITE_BINDER_INTERVAL_MS=0)");
    return null;
  }
  if (!account) {
    log.warn("invite binder off: no INVITE_BINDER_KEYSTORE or INVITE_BINDER_SIGNER_URL; registrations wait in its queue");
    return null;
  }
  const jobLog = log.child({ job: "invite-binder" });
  const options: Omit<InviteBinderOptions, "lease"> = {
    client: createChainClient(config),
    account,
    contracts: chainContractsReader(config.deploymentsFile, config.chainId, (err) =>
      jobLog.warn({ err }, "deployments file unusable"),
    ),
    chainId: config.chainId,
    confirmations: config.chainConfirmations,
    log: jobLog,
    dailyGas: config.inviteBinderDailyGas,
    observer: runner.observer,
    budgetState: { stoppedDay: null },
  };
  let lastSkip: BinderSkip | undefined;
  return runLeased(
    runner.leases,
    "invite-binder",
    config.inviteBinderIntervalMs,
    async (lease) => {
      const r = await runInviteBinderPass({ ...options, lease });
      if (r.skipped !== lastSkip && r.skipped)
        jobLog.warn({ binder: options.account.address, reason: r.skipped }, "invite binder waiting: nothing bound");
      lastSkip = r.skipped;
      if (r.sent || r.bound || r.adopted || r.failed || r.requeued) jobLog.info(r, "invite binder pass");
    },
    { log: jobLog, failure: "invite binder pass failed", failureLevel: "warn", observer: runner.observer },
  );
}
