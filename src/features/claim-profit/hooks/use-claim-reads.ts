import type { Address } from "viem";
import { useReadSpexGetStakes, useReadSpexQuoteAcceleration, useReadSpexTerms } from "@/generated/contracts";
import { protocolAddress } from "@/lib/protocol/addresses";

/** The account's open stakes with their computed profit (SPEX.getStakes: claimable = calculationProfit). */
export function useProfitStakes(account: Address | undefined) {
  return useReadSpexGetStakes({
    address: protocolAddress.spex,
    args: account ? [account] : undefined,
    query: {
      enabled: Boolean(account && protocolAddress.spex),
      refetchInterval: 30_000,
      select: (list) => list.filter((s) => !s.closed),
    },
  });
}

/** Warmup, acceleration price (bps of the reward's PEX value) and the per-position day limit. */
export function useStakingTerms() {
  return useReadSpexTerms({ address: protocolAddress.spex, query: { enabled: Boolean(protocolAddress.spex) } });
}

/** SPEX.quoteAcceleration(id, day) → [reward, fee in USDB]. */
export function useAccelerationQuote(id: bigint, days: bigint | null) {
  return useReadSpexQuoteAcceleration({
    address: protocolAddress.spex,
    args: days !== null ? [id, days] : undefined,
    query: { enabled: Boolean(protocolAddress.spex && days !== null) },
  });
}
