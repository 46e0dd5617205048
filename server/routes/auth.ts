import type { FastifyInstance } from "fastify";
import getNonceRoute from "../modules/auth/get-nonce.route";
import loginRoute from "../modules/auth/login.route";
import logoutRoute from "../modules/auth/logout.route";
import getInfoRoute from "../modules/user/get-info.route";

/** Sign-in, sessions and the user info of the foundation. */
export default async function authRoutes(api: FastifyInstance) {
  await api.register(getNonceRoute);
  await api.register(loginRoute);
  await api.register(logoutRoute);
  await api.register(getInfoRoute);
}
