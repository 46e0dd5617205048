import { z } from "zod";
import { amountString } from "./envelope";

/* `asset/earnings`: the answer behind the four earnings pages, shared by server and app. */

/** POST asset/earnings: the time series' bucket and how many buckets up to today. */
export const earningsBody = z.strictObject({
  bucket: z.enum(["day", "week"], { error: 'bucket must be "day" or "week"' }).default("day"),
  points: z
    .number()
    .int("points must be a whole number")
    .min(1, "points must be at least 1")
    .max(366, "points must be at most 366")
    .default(30),
});
export type EarningsQuery = z.output<typeof earningsBody>;
export type EarningsInput = z.input<typeof earningsBody>;

/** All amounts are micro-USDT as decimal strings (income, rewards and principal are USDT). */
export const earningsReply = z.object({
  totals: z.object({
    invested: amountString,
    income: amountString,
    reward: amountString,
    earned: amountString,
    orders: z.number().int(),
    runningOrders: z.number().int(),
  }),
  perProduct: z.array(
    z.object({
      productId: z.number().int(),
      title: z.string(),
      orders: z.number().int(),
      runningOrders: z.number().int(),
      invested: amountString,
      income: amountString,
    }),
  ),
  team: z.object({
    byLevel: z.array(z.object({ level: z.number().int(), members: z.number().int(), reward: amountString })),
    /** The member's address shortened: the full address of a downline never leaves the server. */
    byMember: z.array(
      z.object({ address: z.string(), nickname: z.string().nullable(), level: z.number().int(), reward: amountString }),
    ),
  }),
  byQuarter: z.array(
    z.object({
      /** "2025-Q3" */
      quarter: z.string(),
      year: z.number().int(),
      q: z.number().int(),
      income: amountString,
      reward: amountString,
      earned: amountString,
    }),
  ),
  series: z.object({
    bucket: z.enum(["day", "week"]),
    /** Cumulative totals at the end of each bucket; `date` is the bucket's first day, YYYY-MM-DD. */
    points: z.array(
      z.object({ date: z.string(), invested: amountString, income: amountString, reward: amountString, earned: amountString }),
    ),
  }),
});
export type Earnings = z.infer<typeof earningsReply>;
