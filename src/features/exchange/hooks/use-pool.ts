import { useReadContracts } from "wagmi";
import { protocolAddress } from "@/lib/protocol/addresses";
import { uniswapPairAbi } from "@/lib/protocol/uniswap-abi";

/** The PEX-ETH pool's reserves, oriented as {pex, eth}. */
export function usePexEthPool() {
  const pair = protocolAddress.pexEthPair;
  const query = useReadContracts({
    allowFailure: false,
    contracts: [
      { address: pair, abi: uniswapPairAbi, functionName: "getReserves" },
      { address: pair, abi: uniswapPairAbi, functionName: "token0" },
    ],
    query: { enabled: Boolean(pair), refetchInterval: 15_000 },
  });
  const d = query.data;
  const pexIs0 = d ? d[1].toLowerCase() === protocolAddress.pex?.toLowerCase() : false;
  return {
    ...query,
    reserves: d ? { pex: pexIs0 ? d[0][0] : d[0][1], eth: pexIs0 ? d[0][1] : d[0][0] } : undefined,
  };
}
