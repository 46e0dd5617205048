import type { FastifyInstance } from "fastify";
import getNonceRoute from "./get-nonce.route";
import loginRoute from "./login.route";
import logoutRoute from "./logout.route";

/** The auth module's calls, registered under /base/api. */
export default async function authRoutes(api: FastifyInstance) {
  await api.register(getNonceRoute);
  await api.register(loginRoute);
  await api.register(logoutRoute);
}
