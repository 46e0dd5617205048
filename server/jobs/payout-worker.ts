import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  BaseError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { microToTokenUnits } from "../../domain/usdt-amount";
import type { Database } from "../db/schema";
import type { ChainContracts } from "../lib/chain";
import { findRecord } from "../modules/records/records.repository";
import {
  highestSignedNonce,
  pendingWithdrawals,
  setGoneSince,
  signedPayouts,
  type PayoutRow,
} from "../modules/withdraw/payout.repository";
import { claimForPayout, failAndRefund, markDropped, markPaid } from "../modules/withdraw/payout.service";
import { type Job, runEvery } from "./run-every";

export interface PayoutWorkerOptions {
  db: Kysely<Database>;
  client: PublicClient;
  account: PrivateKeyAccount;
  contracts: () => ChainContracts | null;
  chainId: number;
  confirmations: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
  /** Sends a signed transaction; tests replace it to stop "mid-way", as a crash would. */
  broadcast?: (raw: `0x${string}`) => Promise<unknown>;
  /** New payouts per pass. */
  batch?: number;
  /**
   * How long a stored attempt whose nonce is used must stay unknown to the node (by hash, and
   * without a receipt) before the withdrawal is sent again. Default 10 minutes.
   */
  replacementWindowMs?: number;
}

export const DEFAULT_REPLACEMENT_WINDOW_MS = 600_000;

export interface PayoutPassResult {
  skipped?: string;
  sent: number;
  paid: number;
  failed: number;
  dropped: number;
  rebroadcast: number;
  /** Attempts whose nonce is used but whose fate the node cannot tell yet: nothing is sent for them. */
  waiting: number;
}

interface PassContext {
  genesis: `0x${string}`;
  token: `0x${string}`;
  decimals: number;
  result: PayoutPassResult;
}

const decimalsCache = new Map<string, number>();

async function context(o: PayoutWorkerOptions, result: PayoutPassResult): Promise<PassContext | null> {
  const contracts = o.contracts();
  if (!contracts) {
    result.skipped = "no deployments file";
    return null;
  }
  const genesis = (await o.client.getBlock({ blockNumber: 0n })).hash;
  if (genesis !== contracts.deployments.genesisHash) {
    o.log.warn(
      { chain: genesis, deployments: contracts.deployments.genesisHash },
      "deployments file is from another chain; redeploy: not paying out",
    );
    result.skipped = "deployments file from another chain";
    return null;
  }
  const key = `${o.chainId}:${contracts.usdt.toLowerCase()}`;
  let decimals = decimalsCache.get(key);
  if (decimals === undefined) {
    decimals = Number(await o.client.readContract({ address: contracts.usdt, abi: erc20Abi, functionName: "decimals" }));
    decimalsCache.set(key, decimals);
  }
  return { genesis, token: contracts.usdt, decimals, result };
}

const isRevert = (err: unknown) => err instanceof BaseError && /revert/i.test(err.message);

async function receiptOf(client: PublicClient, hash: `0x${string}`): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** Whether the node knows the transaction at all (mined or in its pool). */
async function isKnown(client: PublicClient, hash: `0x${string}`): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}

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
  const open = await signedPayouts(o.db, o.chainId);
  if (open.length === 0) return 0n;
  const head = await o.client.getBlockNumber();
  const confirmedBlock = head - BigInt(o.confirmations - 1);
  const confirmedNonce = new Map<string, number>();
  let inFlight = 0n;
  for (const p of open) {
    const hash = p.tx_hash as `0x${string}`;
    if (p.genesis_hash !== ctx.genesis) {
      // Only on a development chain that was replaced: the old chain and its payment are gone.
      if (await markDropped(o.db, p, "The chain was replaced: sending again", now())) ctx.result.dropped++;
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
        if (await markPaid(o.db, p, now())) ctx.result.paid++;
      } else {
        const record = await findRecord(o.db, BigInt(p.record_id));
        if (record && (await failAndRefund(o.db, record, p, "The payout transaction reverted: the amount was refunded", now())))
          ctx.result.failed++;
      }
      continue;
    }
    if (confirmedNonce.get(p.from_address)! > Number(p.nonce)) {
      inFlight += BigInt(p.token_amount);
      if (await isKnown(o.client, hash)) {
        // The node has it (mined, its receipt not served yet, or pooled): it may well be what used the nonce.
        if (p.gone_since !== null) await setGoneSince(o.db, BigInt(p.id), null);
        ctx.result.waiting++;
        continue;
      }
      const goneSince = p.gone_since === null ? null : Number(p.gone_since);
      if (goneSince === null) {
        await setGoneSince(o.db, BigInt(p.id), now());
        ctx.result.waiting++;
        continue;
      }
      // Ask once more at the end of the window: an answer from a lagging node must not be what sends money twice.
      if (now() - goneSince < window || (await receiptOf(o.client, hash)) || (await isKnown(o.client, hash))) {
        ctx.result.waiting++;
        continue;
      }
      inFlight -= BigInt(p.token_amount);
      if (await markDropped(o.db, p, `Payout attempt ${hash} was replaced on chain: sending again`, now())) ctx.result.dropped++;
      continue;
    }
    if (p.gone_since !== null) await setGoneSince(o.db, BigInt(p.id), null);
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

async function fees(
  client: PublicClient,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }> {
  try {
    const f = await client.estimateFeesPerGas();
    return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  } catch {
    return { gasPrice: await client.getGasPrice() };
  }
}

/**
 * Starts payouts of pending withdrawals, oldest first: checks the wallet can cover them (else the
 * withdrawal fails and is refunded at once), signs an ERC-20 transfer, stores it with its nonce
 * while claiming the record (pending → sending), and only then broadcasts.
 */
export async function startPayouts(o: PayoutWorkerOptions, ctx: PassContext, inFlight: bigint): Promise<void> {
  const now = o.now ?? Date.now;
  const broadcast = o.broadcast ?? ((raw: `0x${string}`) => o.client.sendRawTransaction({ serializedTransaction: raw }));
  const records = await pendingWithdrawals(o.db, o.batch ?? 20);
  if (records.length === 0) return;
  const from = o.account.address;
  const balance = await o.client.readContract({ address: ctx.token, abi: erc20Abi, functionName: "balanceOf", args: [from] });
  let available = balance - inFlight;
  const pendingNonce = await o.client.getTransactionCount({ address: from, blockTag: "pending" });
  const stored = await highestSignedNonce(o.db, o.chainId, from);
  let nonce = stored === null ? pendingNonce : Math.max(pendingNonce, Number(stored) + 1);
  const feeFields = await fees(o.client);

  for (const record of records) {
    const micro = -BigInt(record.amount);
    let tokenAmount: bigint;
    try {
      if (micro <= 0n || !record.address) throw new RangeError("a withdrawal needs a positive amount and an address");
      tokenAmount = microToTokenUnits(micro, ctx.decimals);
    } catch (err) {
      if (await failAndRefund(o.db, record, null, `Cannot be paid: ${(err as Error).message}`.slice(0, 256), now()))
        ctx.result.failed++;
      continue;
    }
    if (tokenAmount > available) {
      if (await failAndRefund(o.db, record, null, "The payout wallet lacks USDT: the amount was refunded", now()))
        ctx.result.failed++;
      continue;
    }
    const to = getAddress(record.address);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, tokenAmount] });
    let gas: bigint;
    try {
      gas = await o.client.estimateGas({ account: from, to: ctx.token, data });
    } catch (err) {
      if (!isRevert(err)) throw err;
      if (await failAndRefund(o.db, record, null, "The payout transaction would revert: the amount was refunded", now()))
        ctx.result.failed++;
      continue;
    }
    const raw = await o.account.signTransaction({
      chainId: o.chainId,
      to: ctx.token,
      data,
      nonce,
      gas: (gas * 12n) / 10n,
      ...feeFields,
    });
    const hash = keccak256(raw);
    const claimed = await claimForPayout(
      o.db,
      record,
      {
        chain_id: o.chainId,
        genesis_hash: ctx.genesis,
        from_address: from.toLowerCase(),
        to_address: to.toLowerCase(),
        token_address: ctx.token.toLowerCase(),
        token_amount: tokenAmount.toString(),
        nonce: BigInt(nonce),
        tx_hash: hash,
        raw_tx: raw,
      },
      now(),
    );
    if (!claimed) continue; // another worker took it; this signature is thrown away unsent
    nonce++;
    available -= tokenAmount;
    ctx.result.sent++;
    try {
      await broadcast(raw);
    } catch (err) {
      o.log.warn(
        { err: err instanceof Error ? err.message.split("\n")[0] : err, tx: hash },
        "payout broadcast failed; reconciled next pass",
      );
    }
  }
}

/** One pass: settle what is in flight, start what is pending, settle again (fast chains mine at once). */
export async function runPayoutPass(o: PayoutWorkerOptions): Promise<PayoutPassResult> {
  const result: PayoutPassResult = { sent: 0, paid: 0, failed: 0, dropped: 0, rebroadcast: 0, waiting: 0 };
  const ctx = await context(o, result);
  if (!ctx) return result;
  const inFlight = await reconcilePayouts(o, ctx);
  await startPayouts(o, ctx, inFlight);
  if (result.sent > 0 || result.rebroadcast > 0) {
    // Settle what this pass just sent; nothing is sent again here.
    const { rebroadcast, waiting } = result;
    await reconcilePayouts({ ...o, broadcast: async () => undefined }, ctx);
    result.rebroadcast = rebroadcast;
    result.waiting = waiting;
  }
  return result;
}

export type { PayoutRow };

/** Runs a pass now and then every `intervalMs`, never two at once in this process. */
export function startPayoutWorker(o: PayoutWorkerOptions & { intervalMs: number }): Job {
  return runEvery(
    o.intervalMs,
    async () => {
      const r = await runPayoutPass(o);
      if (r.sent || r.paid || r.failed || r.dropped) o.log.info(r, "payout pass");
    },
    (err) => o.log.error({ err }, "payout pass failed"),
  );
}
