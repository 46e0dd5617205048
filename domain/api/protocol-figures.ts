import { z } from "zod";
import { DASHBOARD_FIGURES, type DashboardFigure } from "../dashboard-figures";
import { amountString } from "./envelope";

export { DASHBOARD_FIGURES, type DashboardFigure } from "../dashboard-figures";

/*
 * GET protocol/figures: the protocol's public figures, read from the chain in one multicall at one
 * block and kept for that block (ADR-0209). Every number is a decimal string of the contract's own
 * base units. These paint the protocol pages at once; a transaction is never built from them (each
 * write reads the chain first).
 */

/** GET protocol/figures takes no query. */
export const protocolFiguresQuery = z.strictObject({});

const uint = amountString;
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

const dashboardFigures = z.object(
  Object.fromEntries(DASHBOARD_FIGURES.map((f) => [f, uint])) as Record<DashboardFigure, typeof uint>,
);

/** SPEX: the epoch (number, end, length, reward rate), the next rebase, the rate's denominator, total staked. */
export const stakeFigures = z.object({
  epochNumber: uint,
  epochEnd: uint,
  epochLength: uint,
  rewardRate: uint,
  nextRebase: uint,
  denominator: uint,
  totalStaked: uint,
});

/** One bond kind's terms and its price for 1 ETH (null while the average price refuses). */
export const bondKindFigures = z.object({ rateBps: uint, vesting: uint, capacity: uint, bondPrice: uint.nullable() });

/**
 * The bond market: spot and average price (the average null while the oracle refuses, with the
 * refusal's error name), both kinds.
 */
export const bondFigures = z.object({
  marketPrice: uint,
  averagePrice: uint.nullable(),
  averageRefusal: z.string().nullable(),
  eth: bondKindFigures,
  lp: bondKindFigures,
});

/** Game.getRound's struct. */
export const lotteryRoundFigures = z.object({
  id: uint,
  state: z.number().int().min(0),
  token: address,
  ticketPrice: uint,
  startTime: uint,
  endTime: uint,
  jackpot: uint,
  players: uint,
  totalEntries: uint,
  requestId: uint,
  requestedAt: uint,
  winner: address,
  winningNumber: uint,
  randomness: uint,
  prize: uint,
  feeBps: uint,
});

/**
 * The lottery: the current round's id (0 before the first), its terms (the token with its symbol
 * and decimals, null when the token does not answer them) and the round itself.
 */
export const lotteryFigures = z.object({
  roundId: uint,
  token: address,
  tokenSymbol: z.string().max(32).nullable(),
  tokenDecimals: z.number().int().min(0).max(36).nullable(),
  feeBps: uint,
  round: lotteryRoundFigures.nullable(),
});

/** The figures at one block; a part is null when its contract is not deployed or its read failed. */
export const protocolFigures = z.object({
  block: z.object({ number: uint, timestamp: uint }),
  dashboard: dashboardFigures.nullable(),
  stake: stakeFigures.nullable(),
  bonds: bondFigures.nullable(),
  lottery: lotteryFigures.nullable(),
});
export type ProtocolFigures = z.infer<typeof protocolFigures>;
export type StakeFigures = z.infer<typeof stakeFigures>;
export type BondFigures = z.infer<typeof bondFigures>;
export type LotteryFigures = z.infer<typeof lotteryFigures>;

/** null when no protocol is deployed or the chain does not answer (the pages then read it themselves). */
export const protocolFiguresReply = z.object({ figures: protocolFigures.nullable() });
export type ProtocolFiguresReply = z.infer<typeof protocolFiguresReply>;
