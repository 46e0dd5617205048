import type { FastifyInstance } from "fastify";
import adminListBanksRoute from "./admin-list-banks.route";
import adminReviewBankRoute from "./admin-review-bank.route";
import bankApplyRoute from "./bank-apply.route";
import bankInfoRoute from "./bank-info.route";

/** The bank module's calls, registered under /base/api. */
export default async function bankRoutes(api: FastifyInstance) {
  await api.register(bankApplyRoute);
  await api.register(bankInfoRoute);
  await api.register(adminListBanksRoute);
  await api.register(adminReviewBankRoute);
}
