import { dayNumber, dayToIsoDate } from "../../../domain/settlement-day";
import type { OrderDto } from "../../../domain/api/order";
import type { OrderRow } from "./order.repository";

export type { OrderDto };

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
