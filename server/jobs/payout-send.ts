import { encodeFunctionData, erc20Abi, getAddress, keccak256 } from "viem";
import { microToTokenUnits } from "../../domain/usdt-amount";
import { highestSignedNonce, pendingWithdrawals } from "../modules/withdraw/payout.repository";
import { claimForPayout, failAndRefund } from "../modules/withdraw/payout.service";
import { feeFields } from "../lib/tx-lookup";
import { isRevert, type PassContext, type PayoutWorkerOptions } from "./payout-pass-context";

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
  const fees = await feeFields(o.client);

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
      ...fees,
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
