import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { lotteryNicknamesQuery, lotteryNicknamesReply } from "../../../domain/api/lottery";
import { ok } from "../../lib/envelope";
import { nicknamesOf } from "./nickname.repository";

/**
 * GET /base/api/lottery/nicknames?addresses=0x…,0x… (public): the nicknames users chose
 * (POST /base/api/user/edit) for the lottery history, as `{list: [{address, nickname}]}` with
 * lower-case addresses; players without a nickname are left out. Nicknames are public by design:
 * the history shows them to everyone.
 */
export default async function lotteryNicknamesRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/lottery/nicknames",
      { schema: { querystring: lotteryNicknamesQuery, response: replies(lotteryNicknamesReply) } },
      async (request) => {
        const { addresses } = request.query;
        return ok({ list: await nicknamesOf(app.db.kysely, [...new Set(addresses)]) });
      },
    );
}
