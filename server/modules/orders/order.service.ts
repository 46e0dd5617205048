import { dayNumber, dayToIsoDate } from "../../../domain/settlement-day";
import type { OrderRow } from "./order.repository";

/** An order as the API answers it. Amounts are minor units as decimal strings. */
export interface OrderDto {
  id: number;
  productId: number;
  title: string;
  payType: number;
  /** What was paid, in the pay type's currency: CNY fen or micro-USDT. */
  currency: "CNY" | "USDT";
  amount: string;
  /** The income base (the product's USDT price) and the daily income, micro-USDT. */
  principalUsdt: string;
  dailyIncomeUsdt: string;
  cycleDays: number;
  daysSettled: number;
  /** First day (UTC+8) that earns: the day after the purchase. */
  startDate: string;
  status: "running" | "completed";
  alloyMaterial: number | null;
  alloyGranted: number;
  createdAt: number;
}

export function toOrderDto(row: OrderRow, title: string): OrderDto {
  const payType = Number(row.pay_type);
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    title,
    payType,
    currency: payType === 1 ? "CNY" : "USDT",
    amount: BigInt(row.amount).toString(),
    principalUsdt: BigInt(row.principal_usdt).toString(),
    dailyIncomeUsdt: BigInt(row.daily_income_usdt).toString(),
    cycleDays: Number(row.cycle_days),
    daysSettled: Number(row.days_settled),
    startDate: dayToIsoDate(Number(row.start_day)),
    status: row.status,
    alloyMaterial: row.alloy_material == null ? null : Number(row.alloy_material),
    alloyGranted: Number(row.alloy_granted),
    createdAt: Number(row.created_at),
  };
}

/** The purchase day in UTC+8; exported for the seed, which places orders in the past. */
export const purchaseDay = (now: number) => dayNumber(now);
