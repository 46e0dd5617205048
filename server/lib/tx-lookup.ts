import { TransactionNotFoundError, TransactionReceiptNotFoundError, type PublicClient, type TransactionReceipt } from "viem";

/** The receipt of `hash`, or null while the node has none (not mined, or unknown). */
export async function receiptOf(client: PublicClient, hash: `0x${string}`): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** Whether the node knows the transaction at all (mined or in its pool). */
export async function isKnown(client: PublicClient, hash: `0x${string}`): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}

/** EIP-1559 fees where the chain has them, else a legacy gas price. */
export async function feeFields(
  client: PublicClient,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }> {
  try {
    const f = await client.estimateFeesPerGas();
    return { maxFeePerGas: f.maxFeePerGas, maxPriorityFeePerGas: f.maxPriorityFeePerGas };
  } catch {
    return { gasPrice: await client.getGasPrice() };
  }
}
