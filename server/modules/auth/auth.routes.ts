import type { FastifyInstance } from "fastify";
import getNonceRoute from "./get-nonce.route";
import loginRoute from "./login.route";
import logoutRoute from "./logout.route";
import { signInLimiter } from "./sign-in-limit";

/** The auth module's calls, registered under /base/api. */
export default async function authRoutes(api: FastifyInstance) {
  // One budget per client address for both sign-in calls.
  const signIn = signInLimiter(api.db, api.config.loginRateLimitPerMinute);
  await api.register(getNonceRoute, { limiter: signIn });
  await api.register(loginRoute, { limiter: signIn });
  await api.register(logoutRoute);
}
