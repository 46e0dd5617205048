/**
 * Money rules of an order: what it costs, what it earns per day, and what the inviters above
 * the buyer get from each day's income. Integer minor units only (micro-USDT, CNY fen).
 */
export const PPM = 1_000_000n;

export const PAY_TYPES = { CNY: 1, USDT: 2 } as const;
export type PayType = (typeof PAY_TYPES)[keyof typeof PAY_TYPES];

/** Rates are parts per million: 12,000 ppm = 1.2 % a day. */
export const MAX_DAILY_RATE_PPM = 1_000_000;

/** Daily income of a principal: rounded down, so the shop never pays a fraction it does not owe. */
export function dailyIncome(principal: bigint, dailyRatePpm: number | bigint): bigint {
  if (principal < 0n) throw new RangeError("principal must not be negative");
  const rate = BigInt(dailyRatePpm);
  if (rate < 0n) throw new RangeError("rate must not be negative");
  return (principal * rate) / PPM;
}

/** Each level's share of one income credit, level 1 (the direct inviter) first; rounded down. */
export function teamRewards(income: bigint, ratesPpm: readonly number[]): bigint[] {
  return ratesPpm.map((rate) => (income * BigInt(rate)) / PPM);
}

/** The price a buyer pays: CNY fen for pay type 1, micro-USDT for pay type 2. */
export function orderPrice(
  product: { priceCny: bigint; priceUsdt: bigint },
  payType: PayType,
): { currency: "CNY" | "USDT"; amount: bigint } {
  return payType === PAY_TYPES.CNY
    ? { currency: "CNY", amount: product.priceCny }
    : { currency: "USDT", amount: product.priceUsdt };
}

/** `12000` → `"1.20%"`: a ppm rate as a percent with two decimals, rounded half up. */
export function formatRatePpm(ppm: number | bigint): string {
  const value = BigInt(ppm);
  if (value < 0n) throw new RangeError("rate must not be negative");
  // percent × 100 = ppm / 100, rounded half up
  const hundredths = (value + 50n) / 100n;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, "0");
  return `${whole}.${fraction}%`;
}

export const DEFAULT_TEAM_REWARD_RATES_PPM = [100_000, 50_000] as const;
const MAX_REWARD_LEVELS = 10;

/**
 * Parses the configured team reward rates, `"100000,50000"` = 10 % to the direct inviter and
 * 5 % to theirs. Empty = no rewards. Together they may not exceed the income itself.
 */
export function parseTeamRewardRates(text: string): number[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  const parts = trimmed.split(",").map((p) => p.trim());
  if (parts.length > MAX_REWARD_LEVELS) throw new RangeError(`at most ${MAX_REWARD_LEVELS} reward levels`);
  const rates = parts.map((p) => {
    if (!/^\d{1,7}$/.test(p)) throw new RangeError(`not a ppm rate: "${p}"`);
    return Number(p);
  });
  if (rates.reduce((a, b) => a + b, 0) > MAX_DAILY_RATE_PPM) throw new RangeError("team reward rates add up to more than 100%");
  return rates;
}
