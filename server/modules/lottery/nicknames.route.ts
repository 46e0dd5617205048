import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { replies } from "../../../domain/api/envelope";
import { lotteryNicknamesReply } from "../../../domain/api/lottery";
import { ok } from "../../lib/envelope";
import { nicknamesOf } from "./nickname.repository";

/** One history page names at most a few dozen players. */
export const MAX_NICKNAME_ADDRESSES = 50;

const querystring = z.strictObject({
  addresses: z
    .string()
    .max(43 * MAX_NICKNAME_ADDRESSES, `addresses: at most ${MAX_NICKNAME_ADDRESSES} wallet addresses`)
    .transform((v) => v.split(",").map((a) => a.trim().toLowerCase()))
    .refine((list) => list.every((a) => /^0x[0-9a-f]{40}$/.test(a)), "addresses: comma-separated 0x wallet addresses")
    .refine((list) => list.length <= MAX_NICKNAME_ADDRESSES, `addresses: at most ${MAX_NICKNAME_ADDRESSES} wallet addresses`),
});

/**
 * GET /base/api/lottery/nicknames?addresses=0x…,0x… (public): the nicknames users chose
 * (POST /base/api/user/edit) for the lottery history, as `{list: [{address, nickname}]}` with
 * lower-case addresses; players without a nickname are left out. Nicknames are public by design:
 * the history shows them to everyone.
 */
export default async function lotteryNicknamesRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/lottery/nicknames", { schema: { querystring, response: replies(lotteryNicknamesReply) } }, async (request) => {
      const { addresses } = request.query;
      return ok({ list: await nicknamesOf(app.db.kysely, [...new Set(addresses)]) });
    });
}
