import deployments from "virtual:deployments";
import type { LotteryFigures } from "@/lib/protocol/public-figures";

/** The round's fields the round card shows (Game.getRound's struct holds these and more). */
export interface RoundFigures {
  id: bigint;
  state: number;
  ticketPrice: bigint;
  startTime: bigint;
  endTime: bigint;
  jackpot: bigint;
  players: bigint;
  totalEntries: bigint;
}

/** What the round card shows: the current round (none before the first), its token, the player's entries. */
export interface RoundCardFigures {
  round: RoundFigures | undefined;
  symbol: string;
  decimals: number;
  player?: { entries: bigint };
}

/**
 * The lottery token's symbol and decimals without asking it, when the server's figures could not
 * name them: known when it is the deployment's USDT (every USDT the deploy uses calls itself
 * "USDT": TestUSDT, RehearsalUsdt, BSC's), else null and the card waits for the wallet's reads.
 */
export function knownLotteryToken(token: string): { symbol: string; decimals: number } | null {
  const usdt = deployments?.contracts.usdt;
  const decimals = deployments?.usdtDecimals;
  if (!usdt || decimals === undefined || usdt.toLowerCase() !== token.toLowerCase()) return null;
  return { symbol: "USDT", decimals };
}

/**
 * The server's lottery figures (decimal strings, ADR-0209) as the round card takes them, given the
 * token's symbol and decimals; null when the round's read failed (the card then waits).
 */
export function roundCardFromFigures(part: LotteryFigures, token: { symbol: string; decimals: number }): RoundCardFigures | null {
  const base = { symbol: token.symbol, decimals: token.decimals };
  if (BigInt(part.roundId) === 0n) return { ...base, round: undefined };
  const r = part.round;
  if (!r) return null;
  return {
    ...base,
    round: {
      id: BigInt(r.id),
      state: r.state,
      ticketPrice: BigInt(r.ticketPrice),
      startTime: BigInt(r.startTime),
      endTime: BigInt(r.endTime),
      jackpot: BigInt(r.jackpot),
      players: BigInt(r.players),
      totalEntries: BigInt(r.totalEntries),
    },
  };
}

/**
 * What the round card can paint from the server's figures alone: the token as the server read it,
 * else as the deployment knows it; null when it must wait for the wallet.
 */
export function roundCardPreviewFigures(figures: { lottery: LotteryFigures | null }): RoundCardFigures | null {
  const l = figures.lottery;
  if (!l) return null;
  const token =
    l.tokenSymbol !== null && l.tokenDecimals !== null
      ? { symbol: l.tokenSymbol, decimals: l.tokenDecimals }
      : knownLotteryToken(l.token);
  return token ? roundCardFromFigures(l, token) : null;
}
