import type { PublicClient } from "viem";
import { referenceFromRandom } from "../../domain/random-reference";
import { gameAbi } from "../../generated/abis";
import { clearUnseenInTrx, noteConfirmationsInTrx } from "../modules/recharge/recharge-confirmations.service";
import { findIntentByReference } from "../modules/recharge/recharge.repository";
import { findUserByAddress } from "../modules/user/user.repository";
import { type JobLease, withLease } from "./lease/with-lease";

/**
 * Shows "x of N confirmations" on Pending recharges: reads the Recharged events of the blocks not
 * yet deep enough to credit (above `safe`, at most `maxBlocks` of them), and stores on each open
 * intent its payment's hash and depth. An intent whose payment is no longer seen (orphaned before
 * it was credited) goes back to plain Pending. Nothing here credits anything.
 */
export async function trackConfirmations(
  o: { lease: JobLease; client: PublicClient; now: () => number },
  c: {
    game: `0x${string}`;
    usdt: `0x${string}`;
    head: bigint;
    safe: bigint;
    startBlock: bigint;
    maxBlocks: number;
    /** Confirmations a payment needs to be credited: the N of "x of N". */
    required: number;
  },
): Promise<number> {
  let from = c.safe + 1n;
  if (from < c.head - BigInt(c.maxBlocks) + 1n) from = c.head - BigInt(c.maxBlocks) + 1n;
  if (from < c.startBlock) from = c.startBlock;
  const logs =
    from > c.head
      ? []
      : await o.client.getContractEvents({
          address: c.game,
          abi: gameAbi,
          eventName: "Recharged",
          args: { token: c.usdt },
          fromBlock: from,
          toBlock: c.head,
          strict: true,
        });
  const seen: bigint[] = [];
  for (const log of logs) {
    const reference = referenceFromRandom(log.args.random);
    const intent = reference ? await findIntentByReference(o.lease.reads, reference) : undefined;
    if (!intent || intent.status !== "pending") continue;
    const user = await findUserByAddress(o.lease.reads, log.args.user);
    if (!user || BigInt(user.id) !== BigInt(intent.user_id)) continue;
    const recordId = BigInt(intent.record_id);
    const seenAt = {
      userId: BigInt(user.id),
      recordId,
      txHash: log.transactionHash,
      confirmations: Number(c.head - log.blockNumber) + 1,
      required: c.required,
    };
    await withLease(o.lease, (trx) => noteConfirmationsInTrx(trx, { ...seenAt, now: o.now() }));
    seen.push(recordId);
  }
  await withLease(o.lease, (trx) => clearUnseenInTrx(trx, seen, o.now()));
  return seen.length;
}
