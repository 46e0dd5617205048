/* The answer of `asset/earnings` (the four earnings pages), shared by server and app. */

/** All amounts are micro-USDT as decimal strings (income, rewards and principal are USDT). */
export interface Earnings {
  totals: { invested: string; income: string; reward: string; earned: string; orders: number; runningOrders: number };
  perProduct: { productId: number; title: string; orders: number; runningOrders: number; invested: string; income: string }[];
  team: {
    byLevel: { level: number; members: number; reward: string }[];
    byMember: { address: string; nickname: string | null; level: number; reward: string }[];
  };
  byQuarter: { quarter: string; year: number; q: number; income: string; reward: string; earned: string }[];
  series: {
    bucket: "day" | "week";
    points: { date: string; invested: string; income: string; reward: string; earned: string }[];
  };
}
