import type { FastifyInstance } from "fastify";
import chainRechargeRoute from "./chain-recharge.route";

/** The recharge module's calls, registered under /base/api. */
export default async function rechargeRoutes(api: FastifyInstance) {
  await api.register(chainRechargeRoute);
}
