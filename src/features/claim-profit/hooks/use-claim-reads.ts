import type { Address } from "viem";
import { useReadSpexGetStakes, useReadSpexQuoteAcceleration, useReadSpexTerms } from "@generated/hooks/spex";

/** The account's open stakes with their computed profit (SPEX.getStakes: claimable = calculationProfit). */
export function useProfitStakes(account: Address | undefined) {
  return useReadSpexGetStakes({
    args: account ? [account] : undefined,
    query: {
      enabled: Boolean(account),
      refetchInterval: 30_000,
      select: (list) => list.filter((s) => !s.closed),
    },
  });
}

/** Warmup, acceleration price (bps of the reward's PEX value) and the per-position day limit. */
export function useStakingTerms() {
  return useReadSpexTerms();
}

/** SPEX.quoteAcceleration(id, day) → [reward, fee in USDB]. */
export function useAccelerationQuote(id: bigint, days: bigint | null) {
  return useReadSpexQuoteAcceleration({
    args: days !== null ? [id, days] : undefined,
    query: { enabled: days !== null },
  });
}
