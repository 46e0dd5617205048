import type { StakeFigures } from "@/lib/protocol/public-figures";

/** What the stake summary shows: SPEX's epoch, next rebase, rate denominator and total staked. */
export interface StakeSummaryFigures {
  epochNumber: bigint;
  epochEnd: bigint;
  epochLength: bigint;
  rewardRate: bigint;
  nextRebase: bigint;
  denominator: bigint;
  totalStaked: bigint;
}

/** The server's stake figures (decimal strings, ADR-0209) as the summary takes them. */
export function stakeSummaryFromFigures(part: StakeFigures): StakeSummaryFigures {
  return {
    epochNumber: BigInt(part.epochNumber),
    epochEnd: BigInt(part.epochEnd),
    epochLength: BigInt(part.epochLength),
    rewardRate: BigInt(part.rewardRate),
    nextRebase: BigInt(part.nextRebase),
    denominator: BigInt(part.denominator),
    totalStaked: BigInt(part.totalStaked),
  };
}
