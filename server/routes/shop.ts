import type { FastifyInstance } from "fastify";
import getAlloyRoute from "../modules/alloy/get-alloy.route";
import getEarningsRoute from "../modules/earnings/get-earnings.route";
import adminPublishNoticeRoute from "../modules/notices/admin-publish-notice.route";
import getNoticeRoute from "../modules/notices/get-notice.route";
import listNoticesRoute from "../modules/notices/list-notices.route";
import placeOrderRoute from "../modules/orders/place-order.route";
import adminCreateProductRoute from "../modules/products/admin-create-product.route";
import adminListProductsRoute from "../modules/products/admin-list-products.route";
import adminUpdateProductRoute from "../modules/products/admin-update-product.route";
import getProductRoute from "../modules/products/get-product.route";
import listProductsRoute from "../modules/products/list-products.route";
import adminRunSettlementRoute from "../modules/settlement/admin-run-settlement.route";

/** Products, orders, alloy, earnings, notices, and the operator calls for them. */
export default async function shopRoutes(api: FastifyInstance) {
  await api.register(listProductsRoute);
  await api.register(getProductRoute);
  await api.register(placeOrderRoute);
  await api.register(getAlloyRoute);
  await api.register(getEarningsRoute);
  await api.register(listNoticesRoute);
  await api.register(getNoticeRoute);
  await api.register(adminListProductsRoute);
  await api.register(adminCreateProductRoute);
  await api.register(adminUpdateProductRoute);
  await api.register(adminPublishNoticeRoute);
  await api.register(adminRunSettlementRoute);
}
