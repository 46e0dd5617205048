import type { FastifyInstance } from "fastify";
import lotteryNicknamesRoute from "./nicknames.route";

/** The lottery module's calls, registered under /base/api. */
export default async function lotteryRoutes(api: FastifyInstance) {
  await api.register(lotteryNicknamesRoute);
}
