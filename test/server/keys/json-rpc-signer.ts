/**
 * A remote signer as small as a test needs: an HTTP JSON-RPC endpoint answering
 * `eth_signTransaction` the way Web3Signer (the raw transaction) or geth in front of clef
 * (`{ raw, tx }`) does, with a key the server never sees. `signWith` and `tamper` make it
 * misbehave: sign with another key, or sign something other than what it was asked.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { hexToBigInt, hexToNumber, isAddressEqual, type Address, type Hex, type TransactionSerializable } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface JsonRpcSignerOptions {
  /** The key it holds, and signs for. */
  key: Hex;
  /** Answer like geth/clef (`{ raw, tx }`) instead of Web3Signer's bare raw transaction. */
  style?: "web3signer" | "geth";
  /** Signs with this key instead (a signer that was swapped or misconfigured). */
  signWith?: Hex;
  /** Changes the transaction before signing it (a signer that rewrites what it is asked). */
  tamper?: (tx: TransactionSerializable) => TransactionSerializable;
}

export interface JsonRpcSigner {
  url: string;
  address: Address;
  /** The `eth_signTransaction` parameter objects received, oldest first. */
  requests: Record<string, string>[];
  close(): Promise<void>;
}

export async function startJsonRpcSigner(o: JsonRpcSignerOptions): Promise<JsonRpcSigner> {
  const account = privateKeyToAccount(o.key);
  const signer = privateKeyToAccount(o.signWith ?? o.key);
  const requests: Record<string, string>[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      void (async () => {
        const call = JSON.parse(body) as { id: number; method: string; params: [Record<string, string>] };
        const reply = (answer: object) => {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, ...answer }));
        };
        if (call.method !== "eth_signTransaction") return reply({ error: { code: -32601, message: "method not found" } });
        const p = call.params[0];
        requests.push(p);
        if (!isAddressEqual(p.from as Address, account.address))
          return reply({ error: { code: -32000, message: `no key for ${p.from}` } });
        const tx = o.tamper ? o.tamper(transactionOf(p)) : transactionOf(p);
        const raw = await signer.signTransaction(tx);
        reply({ result: o.style === "geth" ? { raw, tx: { ...p, hash: "0x" } } : raw });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    address: account.address,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The JSON-RPC transaction object (hex quantities) as viem signs it. */
function transactionOf(p: Record<string, string>): TransactionSerializable {
  const common = {
    chainId: hexToNumber(p.chainId as Hex),
    nonce: hexToNumber(p.nonce as Hex),
    gas: hexToBigInt(p.gas as Hex),
    to: p.to as Address,
    value: hexToBigInt((p.value ?? "0x0") as Hex),
    data: (p.data ?? "0x") as Hex,
  };
  return p.maxFeePerGas
    ? {
        ...common,
        type: "eip1559",
        maxFeePerGas: hexToBigInt(p.maxFeePerGas as Hex),
        maxPriorityFeePerGas: hexToBigInt(p.maxPriorityFeePerGas as Hex),
      }
    : { ...common, type: "legacy", gasPrice: hexToBigInt(p.gasPrice as Hex) };
}
