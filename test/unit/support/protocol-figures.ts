import type { MyFigures } from "@/lib/protocol/my-figures";
import type { ProtocolFigures } from "@/lib/protocol/public-figures";

/**
 * The server's reading of a whole protocol at one block (GET protocol/figures), as decimal strings:
 * stake's epoch, both bonds' terms and the lottery's open round, for renders of the pages that
 * paint from it.
 */
const E18 = 10n ** 18n;
export const FIGURES_BLOCK = { number: "4321", timestamp: "1795000000" };
const TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const bondKind = (rateBps: string, bondPrice: string) => ({
  rateBps,
  vesting: String(5 * 86_400),
  capacity: (1_000_000n * E18).toString(),
  bondPrice,
});

export const WHOLE_PROTOCOL: ProtocolFigures = {
  block: FIGURES_BLOCK,
  dashboard: null,
  stake: {
    epochNumber: "42",
    epochEnd: "1795003600",
    epochLength: "28800",
    rewardRate: "3000",
    nextRebase: "1795003600",
    denominator: "1000000",
    totalStaked: (12_345n * E18).toString(),
  },
  bonds: {
    marketPrice: ((31n * E18) / 10n).toString(),
    averagePrice: (3n * E18).toString(),
    averageRefusal: null,
    eth: bondKind("500", ((285n * E18) / 100n).toString()),
    lp: bondKind("1000", ((3n * E18 * 10n) / 11n).toString()),
  },
  lottery: {
    roundId: "3",
    token: TOKEN,
    tokenSymbol: "USDT",
    tokenDecimals: 6,
    feeBps: "500",
    round: {
      id: "3",
      state: 1,
      token: TOKEN,
      ticketPrice: "1000000",
      startTime: "1794990000",
      endTime: "1795000090",
      jackpot: "123456789",
      players: "4",
      totalEntries: "17",
      requestId: "0",
      requestedAt: "0",
      winner: "0x0000000000000000000000000000000000000000",
      winningNumber: "0",
      randomness: "0",
      prize: "0",
      feeBps: "500",
    },
  },
};

/** The account `address`'s own figures at the same block (GET protocol/figures/mine): `n` PEX and `n`.5 sPEX. */
export function ownFigures(address: string, n: number): MyFigures {
  return {
    block: FIGURES_BLOCK,
    address,
    pexBalance: (BigInt(n) * E18).toString(),
    spexBalance: (BigInt(n) * E18 + 5n * 10n ** 17n).toString(),
  };
}
