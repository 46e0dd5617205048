import { z } from "zod";

/** One history page names at most a few dozen players. */
export const MAX_NICKNAME_ADDRESSES = 50;

/** GET lottery/nicknames?addresses=0x…,0x…: lower-cased, at most MAX_NICKNAME_ADDRESSES. */
export const lotteryNicknamesQuery = z.strictObject({
  addresses: z
    .string()
    .max(43 * MAX_NICKNAME_ADDRESSES, `addresses: at most ${MAX_NICKNAME_ADDRESSES} wallet addresses`)
    .transform((v) => v.split(",").map((a) => a.trim().toLowerCase()))
    .refine((list) => list.every((a) => /^0x[0-9a-f]{40}$/.test(a)), "addresses: comma-separated 0x wallet addresses")
    .refine((list) => list.length <= MAX_NICKNAME_ADDRESSES, `addresses: at most ${MAX_NICKNAME_ADDRESSES} wallet addresses`),
});

/** GET lottery/nicknames?addresses=: the nicknames of those players who set one. */
export const lotteryNicknamesReply = z.object({ list: z.array(z.object({ address: z.string(), nickname: z.string() })) });
export type LotteryNicknames = z.infer<typeof lotteryNicknamesReply>;
