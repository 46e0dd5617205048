import { type ComponentType, lazy } from "react";
import type { AreaProps, ConsoleAreaId } from "../utils/areas";

/** Each area's page, loaded when first opened. */
export const AREA_PAGES: Record<ConsoleAreaId, ComponentType<AreaProps>> = {
  identity: lazy(() => import("../identity-queue/components/identity-queue").then((m) => ({ default: m.IdentityQueue }))),
  bank: lazy(() => import("../bank-queue/components/bank-queue").then((m) => ({ default: m.BankQueue }))),
  withdrawals: lazy(() => import("../withdrawals/components/withdrawals-page").then((m) => ({ default: m.WithdrawalsPage }))),
  approvals: lazy(() => import("../approvals/components/approvals-page").then((m) => ({ default: m.ApprovalsPage }))),
  users: lazy(() => import("../users/components/users-page").then((m) => ({ default: m.UsersPage }))),
  settlement: lazy(() => import("../settlement/components/settlement-page").then((m) => ({ default: m.SettlementPage }))),
  products: lazy(() => import("../products/components/products-page").then((m) => ({ default: m.ProductsPage }))),
  notices: lazy(() => import("../notices/components/notices-page").then((m) => ({ default: m.NoticesPage }))),
  roles: lazy(() => import("../roles/components/roles-page").then((m) => ({ default: m.RolesPage }))),
  audit: lazy(() => import("../audit/components/audit-page").then((m) => ({ default: m.AuditPage }))),
};
