import type { FastifyInstance } from "fastify";
import getNonceRoute from "./get-nonce.route";
import loginRoute from "./login.route";
import logoutRoute from "./logout.route";
import { signInLimiter } from "./sign-in-limit";

/** The auth module's calls, registered under /base/api. */
export default async function authRoutes(api: FastifyInstance) {
  // A budget per client address for each sign-in call, so a sign-in (a nonce, then a login)
  // costs one call of each and LOGIN_RATE_LIMIT_PER_MINUTE sign-ins fit in a minute.
  const perMinute = api.config.loginRateLimitPerMinute;
  await api.register(getNonceRoute, { limiter: signInLimiter(api.db, "nonce", perMinute) });
  await api.register(loginRoute, { limiter: signInLimiter(api.db, "login", perMinute) });
  await api.register(logoutRoute);
}
