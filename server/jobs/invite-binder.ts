import type { FastifyBaseLogger } from "fastify";
import { BaseError, encodeFunctionData, getAddress, keccak256, type PublicClient } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import {
  agreesWithChain,
  BIND_WAIT_FOR_INVITER_MS,
  bindRetryDelayMs,
  chainInviterForDatabase,
} from "../../domain/invite-binding";
import { OPERATOR_ROLE } from "../../domain/contract-roles";
import { daoAbi } from "../../generated/abis";
import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import { chainContractsReader, createChainClient, type ChainContracts } from "../lib/chain";
import { feeFields, isKnown, receiptOf } from "../lib/tx-lookup";
import { adoptChainInviter } from "../modules/invites/adopt-chain-inviter.service";
import * as repo from "../modules/invites/chain-invites.repository";
import { readMembership, treeRootOf } from "../modules/invites/chain-membership";
import { type Job, runEvery } from "./run-every";

export interface InviteBinderOptions {
  db: Db;
  client: PublicClient;
  /** A DAO operator of its own (docs/decisions.md, "Invitation tree on chain"). */
  account: PrivateKeyAccount;
  /** Re-read every pass, so a redeploy on a new local chain is picked up without a restart. */
  contracts: () => ChainContracts | null;
  chainId: number;
  /** Blocks a binding's transaction needs before its row counts as done. */
  confirmations: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
  /** Sends a signed transaction; tests replace it to stop "mid-way", as a crash would. */
  broadcast?: (raw: `0x${string}`) => Promise<unknown>;
  /** Pending rows looked at per pass. */
  batch?: number;
  /** How long a pass waits for the receipt of an inviter's binding its invitees need. */
  receiptTimeoutMs?: number;
}

export type BinderSkip = "no DAO in the deployments" | "deployments file from another chain" | "not a DAO operator";

export interface InviteBinderPassResult {
  skipped?: BinderSkip;
  /** Rows decided on another chain, put back to pending (a fresh local chain). */
  requeued: number;
  sent: number;
  rebroadcast: number;
  /** Rows found (or made) bound on chain with the database's inviter. */
  bound: number;
  /** Rows bound on chain under another inviter, whose inviter the database took. */
  adopted: number;
  /** Invitees whose inviter is not on chain yet. */
  waiting: number;
  /** Attempts that failed and wait before the next one. */
  failed: number;
}

interface PassContext {
  dao: `0x${string}`;
  genesis: string;
  /** The root users without an inviter are bound under (the deployments file's daoRoot). */
  root: `0x${string}`;
  head: bigint;
  result: InviteBinderPassResult;
}

/** One line for the log and the row: viem's summary with the node's own words when it gave any. */
const message = (err: unknown) =>
  err instanceof BaseError
    ? err.details && !err.shortMessage.includes(err.details)
      ? `${err.shortMessage} (${err.details})`
      : err.shortMessage
    : err instanceof Error
      ? err.message.split("\n")[0]!
      : String(err);

/**
 * Decides a row from the chain's state alone: done when the account is bound with the
 * database's inviter; when it is bound under another one, the chain wins and the database takes
 * it (adoptChainInviter). "unbound": not in the tree yet.
 */
async function settleFromChain(
  o: InviteBinderOptions,
  ctx: PassContext,
  row: repo.BindingRow,
): Promise<"bound" | "adopted" | "unbound" | "cycle"> {
  const now = o.now ?? Date.now;
  const membership = await readMembership(o.client, ctx.dao, row.address);
  const onChain = chainInviterForDatabase(membership, ctx.root);
  if (onChain === undefined) return "unbound";
  const same = agreesWithChain(membership, ctx.root, row.inviterAddress);
  if (!same) {
    const adopted = await adoptChainInviter(o.db, row.userId, onChain, now());
    if (adopted === "cycle") {
      const error = `Bound on chain under ${onChain}, which would make a cycle in the database`;
      o.log.error({ user: row.address, chainInviter: onChain }, error);
      await repo.retryLater(
        o.db.kysely,
        row.userId,
        { genesis: ctx.genesis, nextAttemptAt: now() + bindRetryDelayMs(row.attempts + 1), error, failed: true },
        now(),
      );
      ctx.result.failed++;
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
  await repo.markBound(o.db.kysely, row.userId, ctx.genesis, now());
  await repo.wakeInvitees(o.db.kysely, row.userId);
  return same ? "bound" : "adopted";
}

/**
 * Settles a row whose transaction is stored: never sends a new one for it.
 * - receipt with enough confirmations: decided from the chain's state (a reverted transaction,
 *   e.g. because the wallet bound itself meanwhile, still ends bound or adopted);
 * - no receipt, its nonce free: the same signed bytes are sent again (harmless if pooled);
 * - no receipt, its nonce used and the node does not know it: another transaction took the
 *   nonce, so this one can never be mined; the row goes back to pending and the next attempt
 *   reads the chain before sending anything.
 */
async function settleSent(o: InviteBinderOptions, ctx: PassContext, row: repo.BindingRow, rebroadcast = true): Promise<void> {
  const now = o.now ?? Date.now;
  const hash = row.txHash!;
  const receipt = await receiptOf(o.client, hash);
  if (receipt) {
    if (receipt.blockNumber > ctx.head - BigInt(o.confirmations - 1)) return;
    if ((await settleFromChain(o, ctx, row)) !== "unbound") return;
    const error =
      receipt.status === "success"
        ? `Transaction ${hash} was mined but the binding is not on chain`
        : `Transaction ${hash} reverted`;
    await repo.retryLater(
      o.db.kysely,
      row.userId,
      { genesis: ctx.genesis, nextAttemptAt: now() + bindRetryDelayMs(row.attempts + 1), error, failed: true },
      now(),
    );
    ctx.result.failed++;
    return;
  }
  const used = await o.client.getTransactionCount({ address: row.fromAddress!, blockTag: "latest" });
  if (used > row.txNonce!) {
    if (await isKnown(o.client, hash)) return; // mined; its receipt is not served yet
    await repo.retryLater(
      o.db.kysely,
      row.userId,
      { genesis: ctx.genesis, nextAttemptAt: now(), error: `Transaction ${hash} was replaced`, failed: false },
      now(),
    );
    return;
  }
  if (!rebroadcast) return;
  ctx.result.rebroadcast++;
  const broadcast = o.broadcast ?? ((raw: `0x${string}`) => o.client.sendRawTransaction({ serializedTransaction: raw }));
  try {
    await broadcast(row.rawTx!);
  } catch (err) {
    // "already known" and friends: the node has it. Anything else is retried next pass.
    o.log.warn({ err: message(err), tx: hash }, "rebroadcast of a binding failed");
  }
}

/**
 * Binds the due pending rows in tree order. Each is first decided from the chain (already bound
 * counts as done); an invitee whose inviter is not on chain yet waits; otherwise
 * `bindInviterFor(user, inviter or root)` is signed, stored with its nonce, and only then
 * broadcast. A pass waits for the receipt only where a later row of the batch is an invitee of
 * the one just sent, so inviters are on chain before their invitees' transactions.
 */
async function bindDue(o: InviteBinderOptions, ctx: PassContext): Promise<void> {
  const now = o.now ?? Date.now;
  const { db, client, account } = o;
  const rows = await repo.dueBindings(db.kysely, now(), o.batch ?? 50);
  if (rows.length === 0) return;
  const inviterIds = new Set(rows.map((r) => r.inviterId).filter((id): id is bigint => id !== null));
  const from = account.address;
  const pendingNonce = await client.getTransactionCount({ address: from, blockTag: "pending" });
  const stored = await repo.highestStoredNonce(db.kysely, ctx.genesis, from);
  let nonce = stored === null ? pendingNonce : Math.max(pendingNonce, stored + 1);
  const fees = await feeFields(client);
  const broadcast = o.broadcast ?? ((raw: `0x${string}`) => client.sendRawTransaction({ serializedTransaction: raw }));

  for (const row of rows) {
    let claimed = false;
    try {
      if ((await settleFromChain(o, ctx, row)) !== "unbound") continue;
      const inviter = getAddress(row.inviterAddress ?? ctx.root);
      const inviterOnChain = await client.readContract({
        address: ctx.dao,
        abi: daoAbi,
        functionName: "isRegistered",
        args: [inviter],
      });
      if (!inviterOnChain) {
        await repo.retryLater(
          db.kysely,
          row.userId,
          {
            genesis: ctx.genesis,
            nextAttemptAt: now() + BIND_WAIT_FOR_INVITER_MS,
            error: `Waiting for the inviter ${inviter} to be bound`,
            failed: false,
          },
          now(),
        );
        ctx.result.waiting++;
        continue;
      }
      const data = encodeFunctionData({ abi: daoAbi, functionName: "bindInviterFor", args: [getAddress(row.address), inviter] });
      const gas = await client.estimateGas({ account: from, to: ctx.dao, data });
      const raw = await account.signTransaction({
        chainId: o.chainId,
        to: ctx.dao,
        data,
        nonce,
        gas: (gas * 12n) / 10n,
        ...fees,
      });
      const hash = keccak256(raw);
      const sent = { genesis: ctx.genesis, hash, nonce, raw, from };
      if (!(await repo.claimForSending(db.kysely, row.userId, sent, now()))) continue; // another process has it
      claimed = true;
      nonce++;
      ctx.result.sent++;
      try {
        await broadcast(raw);
      } catch (err) {
        o.log.warn({ err: message(err), tx: hash }, "binding broadcast failed; settled next pass");
        continue;
      }
      if (inviterIds.has(row.userId))
        await client.waitForTransactionReceipt({ hash, timeout: o.receiptTimeoutMs ?? 30_000 }).catch(() => null);
    } catch (err) {
      // A stored transaction is settled from its hash next pass, never dropped here.
      if (claimed) {
        o.log.warn({ err: message(err), user: row.address }, "binding sent; its outcome is checked next pass");
        continue;
      }
      const error = message(err);
      o.log.warn({ err: error, user: row.address }, "binding failed; tried again later");
      await repo.retryLater(
        db.kysely,
        row.userId,
        { genesis: ctx.genesis, nextAttemptAt: now() + bindRetryDelayMs(row.attempts + 1), error, failed: true },
        now(),
      );
      ctx.result.failed++;
    }
  }
}

/**
 * One pass of the invite binder: mirrors the database's invitation tree into the DAO's
 * (`bindInviterFor`), inviters before invitees. A new chain (another genesis hash) puts every
 * binding back in the queue, replayed in tree order. Stored transactions are settled first,
 * then due rows are bound, then what this pass sent is settled (a local chain mines at once).
 */
export async function runInviteBinderPass(o: InviteBinderOptions): Promise<InviteBinderPassResult> {
  const now = o.now ?? Date.now;
  const result: InviteBinderPassResult = { requeued: 0, sent: 0, rebroadcast: 0, bound: 0, adopted: 0, waiting: 0, failed: 0 };
  const contracts = o.contracts();
  const dao = contracts?.deployments.contracts.dao;
  if (!contracts || !dao) return { ...result, skipped: "no DAO in the deployments" };
  const genesis = (await o.client.getBlock({ blockNumber: 0n })).hash.toLowerCase();
  if (genesis !== contracts.deployments.genesisHash.toLowerCase())
    return { ...result, skipped: "deployments file from another chain" };
  const root = treeRootOf(contracts.deployments);
  const operator = await o.client.readContract({
    address: dao,
    abi: daoAbi,
    functionName: "hasRole",
    args: [OPERATOR_ROLE, o.account.address],
  });
  if (!operator && root.toLowerCase() !== o.account.address.toLowerCase()) return { ...result, skipped: "not a DAO operator" };

  result.requeued = await repo.requeueOtherChains(o.db.kysely, genesis, now());
  if (result.requeued > 0)
    o.log.info({ bindings: result.requeued }, "new chain: every binding is queued again and replayed in tree order");
  const ctx: PassContext = { dao, genesis, root, head: await o.client.getBlockNumber(), result };
  for (const row of await repo.sentBindings(o.db.kysely, genesis)) await settleSent(o, ctx, row);
  await bindDue(o, ctx);
  if (result.sent > 0 || result.rebroadcast > 0) {
    ctx.head = await o.client.getBlockNumber();
    for (const row of await repo.sentBindings(o.db.kysely, genesis)) await settleSent(o, ctx, row, false);
  }
  return result;
}

/**
 * Starts the binder when a key is configured (the local chain has one by default); elsewhere
 * without INVITE_BINDER_PRIVATE_KEY it stays off with a warning, and registrations are not
 * bound on chain until it runs (they stay queued). Passes never overlap; a failed pass is
 * logged and retried next interval.
 */
export function startInviteBinder(config: AppConfig, db: Db, log: FastifyBaseLogger): Job | null {
  if (config.inviteBinderIntervalMs === 0) {
    log.info("invite binder off (INVITE_BINDER_INTERVAL_MS=0)");
    return null;
  }
  if (!config.inviteBinderPrivateKey) {
    log.warn("invite binder off: INVITE_BINDER_PRIVATE_KEY is not set, so registrations are queued but not bound on chain");
    return null;
  }
  const jobLog = log.child({ job: "invite-binder" });
  const options: InviteBinderOptions = {
    db,
    client: createChainClient(config),
    account: privateKeyToAccount(config.inviteBinderPrivateKey),
    contracts: chainContractsReader(config.deploymentsFile, config.chainId, (err) =>
      jobLog.warn({ err }, "deployments file unusable"),
    ),
    chainId: config.chainId,
    confirmations: config.chainConfirmations,
    log: jobLog,
  };
  let lastSkip: BinderSkip | undefined;
  return runEvery(
    config.inviteBinderIntervalMs,
    async () => {
      const r = await runInviteBinderPass(options);
      if (r.skipped !== lastSkip && r.skipped)
        jobLog.warn({ binder: options.account.address, reason: r.skipped }, "invite binder waiting: nothing bound");
      lastSkip = r.skipped;
      if (r.sent || r.bound || r.adopted || r.failed || r.requeued) jobLog.info(r, "invite binder pass");
    },
    (err) => jobLog.warn({ err }, "invite binder pass failed"),
  );
}
