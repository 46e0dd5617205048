import type { FastifyInstance } from "fastify";
import adminCreateProductRoute from "./admin-create-product.route";
import adminListProductsRoute from "./admin-list-products.route";
import adminUpdateProductRoute from "./admin-update-product.route";
import getProductRoute from "./get-product.route";
import listProductsRoute from "./list-products.route";

/** The products module's calls, registered under /base/api. */
export default async function productsRoutes(api: FastifyInstance) {
  await api.register(listProductsRoute);
  await api.register(getProductRoute);
  await api.register(adminListProductsRoute);
  await api.register(adminCreateProductRoute);
  await api.register(adminUpdateProductRoute);
}
