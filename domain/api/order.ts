/* The order of `home/order` and the order lists, shared by the server that writes it and the app that reads it. */

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
