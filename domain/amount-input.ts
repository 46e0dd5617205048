import { parseUnits } from "./money";

/**
 * An amount as a user types it ("12", "12.5", ".5") → integer minor units, without a float.
 * `decimals` is the minor unit (2 for CNY fen, 6 for micro-USDT).
 */
export type AmountInputProblem = "empty" | "format" | "decimals" | "zero" | "tooLarge";

const TYPED_AMOUNT = /^(\d+(\.\d*)?|\.\d+)$/;
/** 18 digits of minor units: what the API's amount fields accept. */
const MAX_MINOR = 10n ** 18n - 1n;

export function parseAmountInput(value: string, decimals: number): { amount: bigint } | { problem: AmountInputProblem } {
  const text = value.trim();
  if (text === "") return { problem: "empty" };
  if (!TYPED_AMOUNT.test(text)) return { problem: "format" };
  const fraction = text.split(".")[1] ?? "";
  if (fraction.length > decimals) return { problem: "decimals" };
  const amount = parseUnits(text.endsWith(".") ? text.slice(0, -1) : text, decimals);
  if (amount <= 0n) return { problem: "zero" };
  if (amount > MAX_MINOR) return { problem: "tooLarge" };
  return { amount };
}

/** Keeps what a decimal input may hold while typing: digits and one dot, at most `decimals` after it. */
export function sanitiseAmountTyping(value: string, decimals: number): string {
  const cleaned = value.replace(/[^\d.]/g, "");
  const [whole = "", ...rest] = cleaned.split(".");
  if (rest.length === 0) return whole;
  return `${whole}.${rest.join("").slice(0, decimals)}`;
}
