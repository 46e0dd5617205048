import type { FastifyInstance } from "fastify";
import placeOrderRoute from "./place-order.route";

/** The orders module's calls, registered under /base/api. */
export default async function ordersRoutes(api: FastifyInstance) {
  await api.register(placeOrderRoute);
}
