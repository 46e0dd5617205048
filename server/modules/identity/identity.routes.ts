import type { FastifyInstance } from "fastify";
import adminListIdentitiesRoute from "./admin-list-identities.route";
import adminReviewIdentityRoute from "./admin-review-identity.route";
import authApplyRoute from "./auth-apply.route";
import authInfoRoute from "./auth-info.route";

/** The identity module's calls, registered under /base/api. */
export default async function identityRoutes(api: FastifyInstance) {
  await api.register(authApplyRoute);
  await api.register(authInfoRoute);
  await api.register(adminListIdentitiesRoute);
  await api.register(adminReviewIdentityRoute);
}
