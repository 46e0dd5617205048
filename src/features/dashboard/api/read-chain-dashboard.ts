import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractFunctionReturnType } from "viem";
import { appChain } from "@/config/chain";
import type { frontAbi } from "@generated/abi/front";
import { protocolAddress } from "@/lib/protocol/addresses";
import { decodeUintTuple } from "../utils/decode-uint-tuple";
import { DASHBOARD_FIGURES } from "@domain/dashboard-figures";

export type FrontDashboard = ContractFunctionReturnType<typeof frontAbi, "view", "getDashboard">;

type DashboardFields = Extract<(typeof frontAbi)[number], { name: "getDashboard" }>["outputs"][0]["components"];
type FieldNames<T> = { -readonly [K in keyof T]: T[K] extends { name: infer N } ? N : never };

/**
 * getDashboard's struct fields in ABI order: the domain's one list (the server's figures name the
 * same). The type checks it against the generated ABI (same names, same order, same count), so
 * the 125 KB module of every ABI need not load at run time.
 */
export const DASHBOARD_FIELDS: Readonly<FieldNames<DashboardFields>> = DASHBOARD_FIGURES;

/** `getDashboard()`'s selector (no arguments, so it is the whole calldata); a unit test checks it against viem. */
export const GET_DASHBOARD_CALLDATA = "0x8fa3c388";

/**
 * Front.getDashboard() read straight from the chain's JSON-RPC (eth_call at the latest block),
 * without the wallet stack and without viem: the dashboard is a public page that only reads, so
 * it stays light (wagmi and RainbowKit load only on the pages that write); the figures paint from
 * the latest server snapshot meanwhile.
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
  const result = await rpc<`0x${string}`>("eth_call", [{ to: front, data: GET_DASHBOARD_CALLDATA }, block.number], signal);
  return {
    dashboard: decodeUintTuple<FrontDashboard>(DASHBOARD_FIELDS, result),
    block: { number: BigInt(block.number), timestamp: BigInt(block.timestamp) },
  };
}

export type ChainDashboard = Awaited<ReturnType<typeof readChainDashboard>>;

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
