import { useBlock } from "wagmi";
import { useTickingChainTime } from "./figures-block";

/** The chain's clock in seconds from the wallet's latest block, ticking every second (useTickingChainTime). */
export function useChainNow(): number | undefined {
  const { data: block, dataUpdatedAt } = useBlock({ watch: true });
  return useTickingChainTime(block?.timestamp, dataUpdatedAt);
}
