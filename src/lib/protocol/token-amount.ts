import { formatUnits, parseUnits, thousands } from "@domain/money";

/**
 * Token amounts as typed by a user, in base units (`decimals` is the token's, usually 18), without
 * a float. Unlike the API's amount input there is no 18-digit cap: only uint256's.
 */
export type TokenAmountProblem = "empty" | "format" | "decimals" | "zero" | "tooLarge";

const TYPED = /^(\d+(\.\d*)?|\.\d+)$/;
const MAX_UINT256 = 2n ** 256n - 1n;

export function parseTokenAmount(value: string, decimals: number): { amount: bigint } | { problem: TokenAmountProblem } {
  const text = value.trim();
  if (text === "") return { problem: "empty" };
  if (!TYPED.test(text)) return { problem: "format" };
  if ((text.split(".")[1] ?? "").length > decimals) return { problem: "decimals" };
  const amount = parseUnits(text.endsWith(".") ? text.slice(0, -1) : text, decimals);
  if (amount <= 0n) return { problem: "zero" };
  if (amount > MAX_UINT256) return { problem: "tooLarge" };
  return { amount };
}

/** Keeps digits and one dot, at most `decimals` after it (typing never exceeds the token's decimals). */
export function sanitiseTokenTyping(value: string, decimals: number): string {
  const cleaned = value.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const [whole = "", ...rest] = cleaned.split(".");
  if (rest.length === 0 || decimals === 0) return whole;
  return `${whole}.${rest.join("").slice(0, decimals)}`;
}

/** The exact decimal text of a raw amount (no rounding, trailing zeros trimmed): what Max puts in the input. */
export function exactTokenText(amount: bigint, decimals: number): string {
  const text = formatUnits(amount, decimals, decimals);
  return decimals === 0 ? text : text.replace(/\.?0+$/, "");
}

/** A token amount for display: thousands-grouped, `places` decimals, truncated (never shown larger). */
export function formatToken(amount: bigint | undefined, decimals = 18, places = 2): string {
  if (amount === undefined) return "…";
  return thousands(formatUnits(amount, decimals, places));
}

/** A USDB price (18 decimals) with the specification's 3 price decimals, rounded half up. */
export function formatTokenPrice(amount: bigint | undefined, decimals = 18, places = 3): string {
  if (amount === undefined) return "…";
  return thousands(formatUnits(amount, decimals, places, "halfUp"));
}

/** Basis points as a percent string with 2 decimals: 1234n → "12.34%". */
export function formatBps(bps: bigint | undefined): string {
  if (bps === undefined) return "…";
  return `${formatUnits(bps, 2, 2, "halfUp")}%`;
}
