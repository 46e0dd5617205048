/**
 * USDT amounts: balances hold micro-USDT (6 decimals); a token on chain has its own decimals
 * (6 on Tron and our test token, 18 on BSC). Conversion happens only at the chain boundary,
 * in integers, and never rounds money up.
 */
import { parseAmountInput, type AmountInputProblem } from "./amount-input";

export const MICRO_USDT_DECIMALS = 6;
export const MICRO_PER_USDT = 1_000_000n;

/** A request amount: a positive integer of minor units as a decimal string (no sign, no leading zero, ≤ 18 digits). */
export const MINOR_AMOUNT_PATTERN = /^[1-9][0-9]{0,17}$/;

export function isMinorAmount(value: string): boolean {
  return MINOR_AMOUNT_PATTERN.test(value);
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36)
    throw new RangeError(`unsupported token decimals: ${decimals}`);
}

/**
 * Token base units → micro-USDT. With more than 6 decimals the part below 1 micro-USDT cannot
 * be held in a balance: it is returned as `remainder` (in base units) and not credited.
 */
export function tokenUnitsToMicro(base: bigint, decimals: number): { micro: bigint; remainder: bigint } {
  checkDecimals(decimals);
  if (base < 0n) throw new RangeError("a token amount is never negative");
  if (decimals >= MICRO_USDT_DECIMALS) {
    const factor = 10n ** BigInt(decimals - MICRO_USDT_DECIMALS);
    return { micro: base / factor, remainder: base % factor };
  }
  return { micro: base * 10n ** BigInt(MICRO_USDT_DECIMALS - decimals), remainder: 0n };
}

/**
 * micro-USDT → token base units for a payout. A token with fewer than 6 decimals cannot carry
 * every micro-USDT amount: such an amount is refused rather than paid short.
 */
export function microToTokenUnits(micro: bigint, decimals: number): bigint {
  checkDecimals(decimals);
  if (micro < 0n) throw new RangeError("a payout is never negative");
  if (decimals >= MICRO_USDT_DECIMALS) return micro * 10n ** BigInt(decimals - MICRO_USDT_DECIMALS);
  const factor = 10n ** BigInt(MICRO_USDT_DECIMALS - decimals);
  if (micro % factor !== 0n)
    throw new RangeError(`${micro} micro-USDT is not a whole number of token units (${decimals} decimals)`);
  return micro / factor;
}

/** "12.5" USDT → 12500000n micro-USDT; refuses a sign, exponents and more than 6 decimals. */
export function parseUsdt(value: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(value);
  if (!match) throw new RangeError(`not a USDT amount with at most 6 decimals: "${value}"`);
  return BigInt(match[1]!) * MICRO_PER_USDT + BigInt((match[2] ?? "").padEnd(MICRO_USDT_DECIMALS, "0"));
}

/**
 * Decimal places a user may type for a USDT payment in a token of `decimals`: as many as both the
 * token and a micro-USDT balance hold (6 for BSC's 18-decimal USDT), so what is paid converts to
 * a balance exactly and no dust below 1 micro-USDT is ever sent.
 */
export function usdtInputPlaces(decimals: number): number {
  checkDecimals(decimals);
  return Math.min(MICRO_USDT_DECIMALS, decimals);
}

/**
 * A typed USDT payment → micro-USDT (what the server announces and credits) and the token's base
 * units (what the wallet pays), one the exact image of the other; a problem (as `parseAmountInput`
 * names it) when the text has more places than `usdtInputPlaces` allows.
 */
export function parseUsdtPayment(
  text: string,
  decimals: number,
): { micro: bigint; tokenUnits: bigint } | { problem: AmountInputProblem } {
  const places = usdtInputPlaces(decimals);
  const parsed = parseAmountInput(text, places);
  if ("problem" in parsed) return parsed;
  const micro = parsed.amount * 10n ** BigInt(MICRO_USDT_DECIMALS - places);
  if (!MINOR_AMOUNT_PATTERN.test(micro.toString())) return { problem: "tooLarge" };
  return { micro, tokenUnits: microToTokenUnits(micro, decimals) };
}
