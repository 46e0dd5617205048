import { z } from "zod";

/** POST admin/settlement/run: what one settlement pass did (amounts micro-USDT, decimal strings). */
export const settlementRunReply = z.object({
  orders: z.number().int(),
  days: z.number().int(),
  incomeUsdt: z.string(),
  rewardsUsdt: z.string(),
  completed: z.number().int(),
});
