import { encodeFunctionData, erc20Abi, getAddress, keccak256 } from "viem";
import { microToTokenUnits } from "../../domain/usdt-amount";
import { highestSignedNonce, pendingWithdrawals } from "../modules/withdraw/payout.repository";
import { claimForPayoutInTrx, failAndRefundInTrx } from "../modules/withdraw/payout.service";
import { feeFields } from "../lib/tx-lookup";
import { withLease } from "./lease/with-lease";
import { isRevert, type PassContext, type PayoutWorkerOptions } from "./payout-pass-context";

/**
 * Starts payouts of pending withdrawals, oldest first: checks the wallet can cover them (else the
 * withdrawal fails and is refunded at once), signs an ERC-20 transfer, stores it with its nonce
 * while claiming the record (pending → sending) in a transaction fenced by the lease, and only
 * then broadcasts: a process that lost the lease never broadcasts a new transaction.
 */
export async function startPayouts(o: PayoutWorkerOptions, ctx: PassContext, inFlight: bigint): Promise<void> {
  const now = o.now ?? Date.now;
  const broadcast = o.broadcast ?? ((raw: `0x${string}`) => o.client.sendRawTransaction({ serializedTransaction: raw }));
  const dropPayout = (record: (typeof records)[number], reason: string) =>
    withLease(o.lease, (trx) => failAndRefundInTrx(trx, record, null, reason, now()));
  const records = await pendingWithdrawals(o.lease.reads, o.batch ?? 20);
  if (records.length === 0) return;
  const from = o.account.address;
  const balance = await o.client.readContract({ address: ctx.token, abi: erc20Abi, functionName: "balanceOf", args: [from] });
  let available = balance - inFlight;
  const pendingNonce = await o.client.getTransactionCount({ address: from, blockTag: "pending" });
  const stored = await highestSignedNonce(o.lease.reads, o.chainId, from);
  let nonce = stored === null ? pendingNonce : Math.max(pendingNonce, Number(stored) + 1);
  const fees = await feeFields(o.client);

  for (const record of records) {
    const micro = -BigInt(record.amount);
    let tokenAmount: bigint;
    try {
      if (micro <= 0n || !record.address) throw new RangeError("a withdrawal needs a positive amount and an address");
      tokenAmount = microToTokenUnits(micro, ctx.decimals);
    } catch (err) {
      if (await dropPayout(record, `Cannot be paid: ${(err as Error).message}`.slice(0, 256))) ctx.result.failed++;
      continue;
    }
    if (tokenAmount > available) {
      if (await dropPayout(record, "The payout wallet lacks USDT: the amount was refunded")) ctx.result.failed++;
      continue;
    }
    const to = getAddress(record.address);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, tokenAmount] });
    let gas: bigint;
    try {
      gas = await o.client.estimateGas({ account: from, to: ctx.token, data });
    } catch (err) {
      if (!isRevert(err)) throw err;
      if (await dropPayout(record, "The payout transaction would revert: the amount was refunded")) ctx.result.failed++;
      continue;
    }
    const raw = await o.account.signTransaction({
      chainId: o.chainId,
      to: ctx.token,
      data,
      nonce,
      gas: (gas * 12n) / 10n,
      ...fees,
    });
    const hash = keccak256(raw);
    const payout = {
      chain_id: o.chainId,
      genesis_hash: ctx.genesis,
      from_address: from.toLowerCase(),
      to_address: to.toLowerCase(),
      token_address: ctx.token.toLowerCase(),
      token_amount: tokenAmount.toString(),
      nonce: BigInt(nonce),
      tx_hash: hash,
      raw_tx: raw,
    };
    const claimed = await withLease(o.lease, (trx) => claimForPayoutInTrx(trx, record, payout, now()));
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
