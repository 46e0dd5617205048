import type { FastifyInstance } from "fastify";
import downloadRoute from "./download.route";
import editProfileRoute from "./edit-profile.route";
import forgetFundPasswordRoute from "./forget-fund-password.route";

/** The profile module's calls, registered under /base/api. */
export default async function profileRoutes(api: FastifyInstance) {
  await api.register(editProfileRoute);
  await api.register(downloadRoute);
  await api.register(forgetFundPasswordRoute);
}
