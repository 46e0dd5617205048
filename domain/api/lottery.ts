import { z } from "zod";

/** GET lottery/nicknames?addresses=: the nicknames of those players who set one. */
export const lotteryNicknamesReply = z.object({ list: z.array(z.object({ address: z.string(), nickname: z.string() })) });
export type LotteryNicknames = z.infer<typeof lotteryNicknamesReply>;
