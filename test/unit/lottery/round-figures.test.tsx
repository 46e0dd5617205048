import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LotteryData } from "@/features/lottery/hooks/use-lottery";
import { RoundCard } from "@/features/lottery/components/round-card";
import { RoundCardPreview } from "@/features/lottery/components/round-card-preview";
import { knownLotteryToken, roundCardFromFigures, roundCardPreviewFigures } from "@/features/lottery/utils/round-figures";
import type { LotteryFigures, ProtocolFigures } from "@/lib/protocol/public-figures";
import { setupI18n } from "../support/setup";

const USDT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const OTHER = "0x0000000000000000000000000000000000000bad";
vi.mock("virtual:deployments", () => ({
  default: { contracts: { usdt: "0x5fbdb2315678afecb367f032d93f642f64180aa3" }, usdtDecimals: 6 },
}));
// The live card's wallet parts: the chain clock at the block's time; no wallet connected.
const chainNow = vi.hoisted(() => ({ value: 0 }));
vi.mock("@/lib/protocol/use-chain-now", () => ({ useChainNow: () => chainNow.value }));
vi.mock("@/components/protocol/chain-guard", () => ({ WalletGate: () => null }));

const BLOCK = { number: 900n, timestamp: 1_700_000_000n };
const round = {
  id: "3",
  state: 1,
  token: USDT,
  ticketPrice: "1000000",
  startTime: "1699990000",
  endTime: "1700000090",
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
};
const lottery: LotteryFigures = { roundId: "3", token: USDT, tokenSymbol: null, tokenDecimals: null, feeBps: "500", round };
const figures = (l: LotteryFigures | null): ProtocolFigures => ({
  block: { number: "900", timestamp: "1700000000" },
  dashboard: null,
  stake: null,
  bonds: null,
  lottery: l,
});
/** What useLottery hands the live card for the same chain state, no wallet connected. */
const live = {
  roundId: 3n,
  token: USDT,
  feeBps: 500n,
  player: undefined,
  symbol: "USDT",
  decimals: 6,
  walletBalance: undefined,
  round: {
    id: 3n,
    state: 1,
    token: USDT,
    ticketPrice: 1_000_000n,
    startTime: 1_699_990_000n,
    endTime: 1_700_000_090n,
    jackpot: 123_456_789n,
    players: 4n,
    totalEntries: 17n,
    requestId: 0n,
    requestedAt: 0n,
    winner: "0x0000000000000000000000000000000000000000",
    winningNumber: 0n,
    randomness: 0n,
    prize: 0n,
    feeBps: 500n,
  },
} as unknown as LotteryData;

beforeAll(async () => {
  await setupI18n("en");
});
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
  chainNow.value = Number(BLOCK.timestamp);
});
afterEach(() => vi.useRealTimers());

/** The card as the browser renders it, where the chain clock ticks (a server render draws it at `seenAt`). */
function inBrowser(card: ReactElement): string {
  const { container, unmount } = render(card);
  const html = container.innerHTML;
  unmount();
  return html;
}

describe("the lottery round from the server's figures", () => {
  it("takes the round's decimal strings as bigints; none before the first round; waits when the round's read failed", () => {
    const token = { symbol: "USDT", decimals: 6 };
    const card = roundCardFromFigures(lottery, token)!;
    expect(card.round).toEqual({
      id: 3n,
      state: 1,
      ticketPrice: 1_000_000n,
      startTime: 1_699_990_000n,
      endTime: 1_700_000_090n,
      jackpot: 123_456_789n,
      players: 4n,
      totalEntries: 17n,
    });
    expect(roundCardFromFigures({ ...lottery, roundId: "0", round: null }, token)).toEqual({ ...token, round: undefined });
    expect(roundCardFromFigures({ ...lottery, round: null }, token)).toBeNull();
  });

  it("knows the token's symbol and decimals only for the deployment's USDT", () => {
    expect(knownLotteryToken(USDT)).toEqual({ symbol: "USDT", decimals: 6 });
    expect(knownLotteryToken(OTHER)).toBeNull();
    expect(roundCardPreviewFigures(figures({ ...lottery, token: OTHER }))).toBeNull();
    expect(roundCardPreviewFigures(figures(null))).toBeNull();
    // The server names any token's symbol and decimals when the token answers them.
    const named = roundCardPreviewFigures(figures({ ...lottery, token: OTHER, tokenSymbol: "WIN", tokenDecimals: 18 }));
    expect(named).toMatchObject({ symbol: "WIN", decimals: 18, round: { id: 3n } });
  });

  it("paints the very markup the wallet's reads paint for the same round, block and clock", () => {
    const preview = renderToString(<RoundCardPreview figures={figures(lottery)} seenAt={Date.now()} />);
    expect(preview).toBe(renderToString(<RoundCard lottery={live} block={BLOCK} />));
    expect(preview).toContain("As of block #900");
    expect(preview).toMatch(/>123\.45(<!-- -->)? (<!-- -->)?USDT</);
    expect(preview).toContain("00:01:30");
  });

  it("turns over on the server block's clock: the countdown runs, then the round is being drawn", () => {
    expect(inBrowser(<RoundCardPreview figures={figures(lottery)} seenAt={Date.now() - 30_000} />)).toContain("00:01:00");
    const ended = inBrowser(<RoundCardPreview figures={figures(lottery)} seenAt={Date.now() - 120_000} />);
    expect(ended).toContain('data-state="drawingWinner"');
  });
});
