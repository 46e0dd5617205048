import type { FastifyInstance } from "fastify";
import adminListWithdrawalsRoute from "./admin-list-withdrawals.route";
import adminRetryWithdrawalRoute from "./admin-retry-withdrawal.route";
import withdrawRoute from "./withdraw.route";

/** The withdraw module's calls, registered under /base/api. */
export default async function withdrawRoutes(api: FastifyInstance) {
  await api.register(withdrawRoute);
  await api.register(adminListWithdrawalsRoute);
  await api.register(adminRetryWithdrawalRoute);
}
