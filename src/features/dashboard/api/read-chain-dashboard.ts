import { queryOptions, useQuery } from "@tanstack/react-query";
import { decodeFunctionResult, encodeFunctionData } from "viem";
import { appChain } from "@/config/chain";
import { frontAbi } from "@/generated/abis";
import { protocolAddress } from "@/lib/protocol/addresses";

/**
 * Front.getDashboard() read straight from the chain's JSON-RPC (eth_call at the latest block),
 * without the wallet stack: the dashboard is a public page that only reads, so it stays light
 * (wagmi and RainbowKit load only on the pages that write).
 */
async function rpc<T>(method: string, params: unknown[], signal?: AbortSignal): Promise<T> {
  const res = await fetch(appChain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal,
  });
  const json = (await res.json()) as { result?: T; error?: { message: string } };
  if (json.error || json.result === undefined) throw new Error(json.error?.message ?? `${method} failed`);
  return json.result;
}

export async function readChainDashboard(signal?: AbortSignal) {
  const front = protocolAddress.front;
  if (!front) throw new Error("No deployment");
  const block = await rpc<{ number: `0x${string}`; timestamp: `0x${string}` }>("eth_getBlockByNumber", ["latest", false], signal);
  const data = encodeFunctionData({ abi: frontAbi, functionName: "getDashboard" });
  const result = await rpc<`0x${string}`>("eth_call", [{ to: front, data }, block.number], signal);
  return {
    dashboard: decodeFunctionResult({ abi: frontAbi, functionName: "getDashboard", data: result }),
    block: { number: BigInt(block.number), timestamp: BigInt(block.timestamp) },
  };
}

export function chainDashboardQueryOptions() {
  return queryOptions({
    queryKey: ["protocol", "dashboard", "chain"] as const,
    queryFn: ({ signal }) => readChainDashboard(signal),
    refetchInterval: 30_000,
    enabled: Boolean(protocolAddress.front),
  });
}

export function useChainDashboard() {
  return useQuery(chainDashboardQueryOptions());
}
