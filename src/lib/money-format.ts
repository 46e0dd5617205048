import { formatCny, formatPrice, formatUnits, formatUsdt, percent, thousands, CNY_DECIMALS, USDT_DECIMALS } from "@domain/money";

/**
 * The display filters of the shop (specification §5, §9) over integer minor units: amounts
 * with 2 decimals (truncated), prices with 3 (rounded half up), both through the thousands
 * filter; rates through the percent filter. No float anywhere.
 */
export const amountCny = (fen: string | bigint) => thousands(formatCny(fen));
export const amountUsdt = (micro: string | bigint) => thousands(formatUsdt(micro));
export const priceCny = (fen: string | bigint) => thousands(formatPrice(fen, CNY_DECIMALS));
export const priceUsdt = (micro: string | bigint) => thousands(formatPrice(micro, USDT_DECIMALS));

/** A rate in parts per million through the percent filter: 8000 → "0.80%". */
export const ratePpm = (ppm: number | bigint) => percent(formatUnits(BigInt(ppm), 6, 6), 2);

/**
 * A micro-USDT amount as a chart coordinate. Charts need numbers; the value is the already
 * truncated 2-decimal display string, so the chart never shows more than the table beside it.
 */
export const chartUsdt = (micro: string | bigint) => Number(formatUsdt(micro));
