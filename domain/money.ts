/**
 * Money display without floating point (DESIGN.md §2): every amount travels as an integer in
 * minor units (CNY fen, micro-USDT, token base units) and becomes a decimal string only here.
 */

/** Minor-unit decimals of the two balances the API reports. */
export const CNY_DECIMALS = 2;
export const USDT_DECIMALS = 6;
/** Display places (specification §5): amounts 2, prices 3. */
export const AMOUNT_PLACES = 2;
export const PRICE_PLACES = 3;

/**
 * `down` truncates toward zero: a balance is never shown larger than it is.
 * `halfUp` rounds half away from zero: the usual rule for a price.
 */
export type Rounding = "down" | "halfUp";

const INTEGER = /^-?\d+$/;
const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

function toBigInt(value: bigint | string | number): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer amount: ${value}`);
    return BigInt(value);
  }
  const trimmed = value.trim();
  if (!INTEGER.test(trimmed)) throw new RangeError(`not an integer amount: "${value}"`);
  return BigInt(trimmed);
}

/**
 * Formats an integer amount of minor units with `places` decimals.
 * `formatUnits("123456", 2, 2)` → "1234.56"; `formatUnits("1999999", 6, 2)` → "1.99".
 */
export function formatUnits(
  minor: bigint | string | number,
  unitDecimals: number,
  places: number,
  rounding: Rounding = "down",
): string {
  if (!Number.isInteger(unitDecimals) || unitDecimals < 0) throw new RangeError("unitDecimals must be a natural number");
  if (!Number.isInteger(places) || places < 0) throw new RangeError("places must be a natural number");
  const value = toBigInt(minor);
  const negative = value < 0n;
  let abs = negative ? -value : value;
  // Bring the value to `places` decimals: shift left when we show more digits than we hold.
  if (places >= unitDecimals) {
    abs *= 10n ** BigInt(places - unitDecimals);
  } else {
    const divisor = 10n ** BigInt(unitDecimals - places);
    const remainder = abs % divisor;
    abs /= divisor;
    if (rounding === "halfUp" && remainder * 2n >= divisor) abs += 1n;
  }
  const digits = abs.toString().padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  const sign = negative && abs !== 0n ? "-" : "";
  return places === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** CNY balance (integer fen) in yuan with 2 decimals. */
export function formatCny(fen: bigint | string | number, places = AMOUNT_PLACES): string {
  return formatUnits(fen, CNY_DECIMALS, places);
}

/** USDT balance (integer micro-USDT) with 2 decimals, truncated. */
export function formatUsdt(micro: bigint | string | number, places = AMOUNT_PLACES): string {
  return formatUnits(micro, USDT_DECIMALS, places);
}

/** A price in minor units with 3 decimals, rounded half up. */
export function formatPrice(minor: bigint | string | number, unitDecimals: number, places = PRICE_PLACES): string {
  return formatUnits(minor, unitDecimals, places, "halfUp");
}

/**
 * Thousands filter: groups the integer part of a decimal string with `separator`.
 * `thousands("1234567.891")` → "1,234,567.891".
 */
export function thousands(value: string | bigint | number, separator = ","): string {
  const text = typeof value === "string" ? value.trim() : value.toString();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) throw new RangeError(`not a decimal number: "${text}"`);
  const [, sign, whole = "", fraction] = match;
  const grouped = (whole || "0").replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/**
 * Parses a decimal string typed by a user into integer minor units, refusing more decimals than
 * the unit holds (no silent rounding of money). `parseUnits("12.5", 6)` → 12500000n.
 */
export function parseUnits(value: string, unitDecimals: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) throw new RangeError(`not a decimal number: "${value}"`);
  const [, sign, whole = "", fraction = ""] = match;
  if (fraction.length > unitDecimals) throw new RangeError(`at most ${unitDecimals} decimals allowed`);
  const minor = BigInt((whole || "0") + fraction.padEnd(unitDecimals, "0"));
  return sign === "-" ? -minor : minor;
}

/**
 * Percent filter (specification §9): multiplies by 100 and appends "%".
 * Works on the decimal string, so `percent("0.0125")` → "1.25%" exactly; with `places`
 * the result is rounded half up to that many decimals (`percent("0.123456", 2)` → "12.35%").
 */
export function percent(value: string | number, places?: number): string {
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) throw new RangeError(`not a decimal number: "${text}"`);
  const [, sign, whole = "", fraction = ""] = match;
  // ×100 = move the decimal point two places to the right.
  const scaled = BigInt((whole || "0") + fraction) * (fraction.length < 2 ? 10n ** BigInt(2 - fraction.length) : 1n);
  const scale = Math.max(fraction.length - 2, 0);
  const signed = sign === "-" ? -scaled : scaled;
  if (places !== undefined) return `${formatUnits(signed, scale, places, "halfUp")}%`;
  return `${trimZeros(formatUnits(signed, scale, scale))}%`;
}

function trimZeros(decimal: string): string {
  return decimal.includes(".") ? decimal.replace(/\.?0+$/, "") : decimal;
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  // Rates arrive as small decimals; toString can switch to exponent form (1e-7), toFixed(20) cannot.
  const text = value.toString();
  return /e/i.test(text) ? trimZeros(value.toFixed(20)) : text;
}
