import {
  http,
  isAddressEqual,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type LocalAccount,
  type TransactionSerializable,
} from "viem";
import { toAccount } from "viem/accounts";

interface RemoteSigner {
  /** The signer's JSON-RPC endpoint (Web3Signer's eth1 mode, or geth in front of clef). */
  url: string;
  /** The address the signer signs for: the one the role was granted to. */
  address: Address;
  /** The variable a refusal names. */
  variable: string;
  timeoutMs?: number;
}

/**
 * A viem account whose key stays in a remote signer: `signTransaction` asks the signer over
 * JSON-RPC (`eth_signTransaction`, as Web3Signer and geth/clef answer it) and returns the signed
 * transaction only once it is checked: it must recover to the configured address and carry
 * exactly the fields asked for (a signer that swaps the recipient, the nonce or the fees is
 * refused, since the jobs store the signed bytes and their hash before broadcasting them).
 * Messages and typed data are never signed with a server key: only transactions.
 */
export function remoteSignerAccount(o: RemoteSigner): LocalAccount {
  // One try per call: a job pass that cannot reach its signer ends and tries at its next interval.
  const transport = http(o.url, { retryCount: 0, timeout: o.timeoutMs ?? 15_000 })({});
  const refuse = (why: string) => new Error(`${o.variable}: ${why}: the transaction is not used`);
  return toAccount({
    address: o.address,
    async signTransaction(transaction) {
      const answer: unknown = await transport.request({
        method: "eth_signTransaction",
        params: [rpcTransactionOf(o.address, transaction)],
      });
      // Web3Signer answers the raw transaction; geth (and clef behind it) an object { raw, tx }.
      const raw = typeof answer === "string" ? answer : (answer as { raw?: unknown } | null)?.raw;
      if (typeof raw !== "string" || !/^0x[0-9a-fA-F]+$/.test(raw))
        throw refuse("the remote signer answered no signed transaction");
      let signer: Address;
      let signed: TransactionSerializable;
      try {
        signed = parseTransaction(raw as Hex);
        signer = await recoverTransactionAddress({ serializedTransaction: raw as never });
      } catch {
        throw refuse("the remote signer answered a transaction that does not parse");
      }
      if (!isAddressEqual(signer, o.address)) throw refuse(`the remote signer signed with ${signer}, not ${o.address}`);
      const changed = changedField(transaction, signed);
      if (changed) throw refuse(`the remote signer changed the transaction's ${changed}`);
      return raw as Hex;
    },
    async signMessage() {
      throw new Error(`${o.variable}: a server key signs transactions only`);
    },
    async signTypedData() {
      throw new Error(`${o.variable}: a server key signs transactions only`);
    },
  });
}

/**
 * The transaction as `eth_signTransaction` takes it: quantities in hex, `from` set, and the
 * nonce, gas and chain id always given, so the signer fills in nothing (the jobs chose the nonce
 * and stored it). EIP-1559 fees when the transaction has them, else the legacy gas price.
 */
export function rpcTransactionOf(from: Address, tx: TransactionSerializable): Record<string, unknown> {
  if (tx.type === "eip4844" || tx.type === "eip7702")
    throw new Error(`a remote signer is not asked to sign ${tx.type} transactions`);
  if (tx.nonce === undefined || tx.gas === undefined || tx.chainId === undefined)
    throw new Error("a transaction for a remote signer needs its nonce, gas and chain id");
  const request: Record<string, unknown> = {
    from,
    ...(tx.to ? { to: tx.to } : {}),
    data: tx.data ?? "0x",
    value: numberToHex(tx.value ?? 0n),
    gas: numberToHex(tx.gas),
    nonce: numberToHex(tx.nonce),
    chainId: numberToHex(tx.chainId),
  };
  if (tx.maxFeePerGas !== undefined) {
    request.maxFeePerGas = numberToHex(tx.maxFeePerGas);
    request.maxPriorityFeePerGas = numberToHex(tx.maxPriorityFeePerGas ?? 0n);
  } else if (tx.gasPrice !== undefined) request.gasPrice = numberToHex(tx.gasPrice);
  else throw new Error("a transaction for a remote signer needs its fees");
  if (tx.accessList && tx.accessList.length > 0) request.accessList = tx.accessList;
  return request;
}

/** The first field the signed transaction does not carry as asked, or null. */
function changedField(asked: TransactionSerializable, signed: TransactionSerializable): string | null {
  const same = (a: string | undefined, b: string | undefined) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();
  if (signed.chainId !== asked.chainId) return "chain id";
  if (signed.nonce !== asked.nonce) return "nonce";
  if (signed.gas !== asked.gas) return "gas";
  if (!same(signed.to ?? undefined, asked.to ?? undefined)) return "recipient";
  if ((signed.value ?? 0n) !== (asked.value ?? 0n)) return "value";
  if (!same(signed.data ?? "0x", asked.data ?? "0x")) return "data";
  if (asked.maxFeePerGas !== undefined) {
    if (signed.maxFeePerGas !== asked.maxFeePerGas || (signed.maxPriorityFeePerGas ?? 0n) !== (asked.maxPriorityFeePerGas ?? 0n))
      return "fees";
  } else if (signed.gasPrice !== asked.gasPrice) return "fees";
  return null;
}
