import { z } from "zod";
import { amountString } from "./envelope";

/* Orders: `home/order`, shared by the server that writes the order and the app that reads it. */

/** A whole number in JSON, or its digits in a string (form posts send strings). */
const wholeOrDigits = (digits: RegExp, message: string) =>
  z.union([z.number(), z.string().regex(digits, message).transform(Number)]);

/** POST home/order: the product and the balance that pays, 1 = CNY investment balance, 2 = USDT. */
export const placeOrderBody = z.strictObject({
  productId: wholeOrDigits(/^[1-9]\d{0,15}$/, "productId must be a positive whole number").pipe(
    z
      .number()
      .int("productId must be a positive whole number")
      .min(1, "productId must be a positive whole number")
      .max(Number.MAX_SAFE_INTEGER),
  ),
  payType: wholeOrDigits(/^[12]$/, "payType must be 1 (CNY) or 2 (USDT)").pipe(
    z.union([z.literal(1), z.literal(2)], { error: "payType must be 1 (CNY) or 2 (USDT)" }),
  ),
});
export type PlaceOrderInput = z.output<typeof placeOrderBody>;

/** An order as the API answers it. Amounts are minor units as decimal strings. */
export const orderDto = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  payType: z.number().int(),
  /** What was paid, in the pay type's currency: CNY fen or micro-USDT. */
  currency: z.enum(["CNY", "USDT"]),
  amount: amountString,
  /** The income base (the product's USDT price) and the daily income, micro-USDT. */
  principalUsdt: amountString,
  dailyIncomeUsdt: amountString,
  cycleDays: z.number().int(),
  daysSettled: z.number().int(),
  /** First day (UTC+8) that earns: the day after the purchase. */
  startDate: z.string(),
  status: z.enum(["running", "completed"]),
  alloyMaterial: z.number().int().nullable(),
  alloyGranted: z.number().int(),
  createdAt: z.number().int(),
});
export type OrderDto = z.infer<typeof orderDto>;
