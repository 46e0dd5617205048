import type { FastifyInstance } from "fastify";
import adjustBalanceRoute from "./adjust-balance.route";
import decideApprovalRoutes from "./decide-approval.route";
import listApprovalsRoute from "./list-approvals.route";

/** Requests awaiting a second operator, registered under /base/api. */
export default async function approvalsRoutes(api: FastifyInstance) {
  await api.register(adjustBalanceRoute);
  await api.register(listApprovalsRoute);
  await api.register(decideApprovalRoutes);
}
