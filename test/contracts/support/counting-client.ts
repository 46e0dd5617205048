import { createPublicClient, custom, type PublicClient } from "viem";
import { hardhat } from "viem/chains";
import { hre } from "./fixture";

/** A client over the test network that counts the JSON-RPC calls it sends, by method. */
export function countingClient(): { client: PublicClient; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const provider = hre.network.provider;
  const client = createPublicClient({
    chain: hardhat,
    cacheTime: 0,
    transport: custom({
      request: ({ method, params }: { method: string; params?: unknown[] }) => {
        calls.set(method, (calls.get(method) ?? 0) + 1);
        return provider.request({ method, params });
      },
    }),
  }) as PublicClient;
  return { client, calls };
}
