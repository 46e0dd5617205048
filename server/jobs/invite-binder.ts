import type { FastifyBaseLogger } from "fastify";
import { encodeFunctionData, getAddress, keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { BIND_WAIT_FOR_INVITER_MS } from "../../domain/invite-binding";
import { OPERATOR_ROLE } from "../../domain/contract-roles";
import { daoAbi } from "../../generated/abis";
import type { AppConfig } from "../config";
import type { Db } from "../db/database";
import { chainContractsReader, createChainClient } from "../lib/chain";
import { feeFields } from "../lib/tx-lookup";
import * as repo from "../modules/invites/chain-invites.repository";
import { treeRootOf } from "../modules/invites/chain-membership";
import { type JobRunner, runLeased } from "./lease/run-leased";
import type { Job } from "./run-every";
import {
  type InviteBinderOptions,
  type BinderSkip,
  type InviteBinderPassResult,
  type PassContext,
  failForNow,
  message,
  settleFromChain,
  settleSent,
} from "./invite-binder-settle";

export type { BinderSkip, InviteBinderOptions, InviteBinderPassResult } from "./invite-binder-settle";

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
        const next = {
          genesis: ctx.genesis,
          nextAttemptAt: now() + BIND_WAIT_FOR_INVITER_MS,
          error: `Waiting for the inviter ${inviter} to be bound`,
          failed: false,
        };
        await db.kysely.transaction().execute((trx) => repo.retryLater(trx, row.userId, next, now()));
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
      // Stored in a transaction, which a leased pass fences: a process that lost the job never broadcasts.
      const taken = await db.kysely.transaction().execute((trx) => repo.claimForSending(trx, row.userId, sent, now()));
      if (!taken) continue; // another process has it
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
      await failForNow(o, ctx, row, error);
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

  result.requeued = await o.db.kysely.transaction().execute((trx) => repo.requeueOtherChains(trx, genesis, now()));
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
export function startInviteBinder(config: AppConfig, db: Db, runner: JobRunner, log: FastifyBaseLogger): Job | null {
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
  return runLeased(
    runner.leases,
    "invite-binder",
    config.inviteBinderIntervalMs,
    async (kysely) => {
      const r = await runInviteBinderPass({ ...options, db: { ...db, kysely } });
      if (r.skipped !== lastSkip && r.skipped)
        jobLog.warn({ binder: options.account.address, reason: r.skipped }, "invite binder waiting: nothing bound");
      lastSkip = r.skipped;
      if (r.sent || r.bound || r.adopted || r.failed || r.requeued) jobLog.info(r, "invite binder pass");
    },
    { log: jobLog, failure: "invite binder pass failed", failureLevel: "warn", observer: runner.observer },
  );
}
