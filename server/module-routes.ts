import type { FastifyPluginAsync } from "fastify";
import addressesRoutes from "./modules/addresses/addresses.routes";
import alloyRoutes from "./modules/alloy/alloy.routes";
import approvalsRoutes from "./modules/approvals/approvals.routes";
import authRoutes from "./modules/auth/auth.routes";
import bankRoutes from "./modules/bank/bank.routes";
import citiesRoutes from "./modules/cities/cities.routes";
import codesRoutes from "./modules/codes/codes.routes";
import earningsRoutes from "./modules/earnings/earnings.routes";
import eventsRoutes from "./modules/events/events.routes";
import healthRoutes from "./modules/health/health.routes";
import identityRoutes from "./modules/identity/identity.routes";
import invitesRoutes from "./modules/invites/invites.routes";
import lotteryRoutes from "./modules/lottery/lottery.routes";
import noticesRoutes from "./modules/notices/notices.routes";
import operatorsRoutes from "./modules/operators/operators.routes";
import ordersRoutes from "./modules/orders/orders.routes";
import productsRoutes from "./modules/products/products.routes";
import profileRoutes from "./modules/profile/profile.routes";
import protocolRoutes from "./modules/protocol/protocol.routes";
import rechargeRoutes from "./modules/recharge/recharge.routes";
import recordsRoutes from "./modules/records/records.routes";
import registerRoutes from "./modules/register/register.routes";
import settlementRoutes from "./modules/settlement/settlement.routes";
import teamRoutes from "./modules/team/team.routes";
import transferRoutes from "./modules/transfer/transfer.routes";
import uploadsRoutes from "./modules/uploads/uploads.routes";
import userRoutes from "./modules/user/user.routes";
import withdrawRoutes from "./modules/withdraw/withdraw.routes";

/**
 * Every module's calls. Each module registers its own routes; this list is the one place that
 * says which modules the API serves (under /base/api, see app.ts).
 */
export const MODULE_ROUTES: FastifyPluginAsync[] = [
  authRoutes,
  userRoutes,
  registerRoutes,
  invitesRoutes,
  profileRoutes,
  codesRoutes,
  uploadsRoutes,
  identityRoutes,
  bankRoutes,
  addressesRoutes,
  citiesRoutes,
  teamRoutes,
  productsRoutes,
  ordersRoutes,
  alloyRoutes,
  earningsRoutes,
  noticesRoutes,
  settlementRoutes,
  recordsRoutes,
  transferRoutes,
  withdrawRoutes,
  rechargeRoutes,
  eventsRoutes,
  lotteryRoutes,
  protocolRoutes,
  operatorsRoutes,
  approvalsRoutes,
  healthRoutes,
];
