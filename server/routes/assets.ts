import type { FastifyInstance } from "fastify";
import listRecordsRoute from "../modules/records/list-records.route";
import chainRechargeRoute from "../modules/recharge/chain-recharge.route";
import transferRoute from "../modules/transfer/transfer.route";
import withdrawRoute from "../modules/withdraw/withdraw.route";
import adminListWithdrawalsRoute from "../modules/withdraw/admin-list-withdrawals.route";
import adminRetryWithdrawalRoute from "../modules/withdraw/admin-retry-withdrawal.route";

/** Asset records, transfer, withdraw, chain recharge, and the operator calls for withdrawals. */
export default async function assetsRoutes(api: FastifyInstance) {
  await api.register(listRecordsRoute);
  await api.register(transferRoute);
  await api.register(withdrawRoute);
  await api.register(chainRechargeRoute);
  await api.register(adminListWithdrawalsRoute);
  await api.register(adminRetryWithdrawalRoute);
}
