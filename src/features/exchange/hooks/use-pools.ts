import { useReadContracts } from "wagmi";
import { protocolAddress } from "@/lib/protocol/addresses";
import { uniswapPairAbi } from "@/lib/protocol/uniswap-abi";
import type { PoolReserves, SwapToken } from "../utils/swap-route";

/** The deployment's pools (PEX-ETH, and PEX-USDB when deployed), keyed by the token other than PEX. */
export function usePools() {
  const pairs = [
    ["ETH", protocolAddress.pexEthPair],
    ["USDB", protocolAddress.pexUsdbPair],
  ].filter((p): p is [Exclude<SwapToken, "PEX">, `0x${string}`] => Boolean(p[1]));
  const query = useReadContracts({
    allowFailure: false,
    contracts: pairs.flatMap(([, address]) => [
      { address, abi: uniswapPairAbi, functionName: "getReserves" } as const,
      { address, abi: uniswapPairAbi, functionName: "token0" } as const,
    ]),
    query: { enabled: pairs.length > 0, refetchInterval: 15_000 },
  });
  const d = query.data;
  let pools: Partial<Record<Exclude<SwapToken, "PEX">, PoolReserves>> | undefined;
  if (d) {
    pools = {};
    pairs.forEach(([token], i) => {
      const [reserve0, reserve1] = d[2 * i] as readonly [bigint, bigint, number];
      const pexIs0 = (d[2 * i + 1] as string).toLowerCase() === protocolAddress.pex?.toLowerCase();
      pools![token] = { pex: pexIs0 ? reserve0 : reserve1, other: pexIs0 ? reserve1 : reserve0 };
    });
  }
  return { ...query, pools };
}
