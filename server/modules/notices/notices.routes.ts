import type { FastifyInstance } from "fastify";
import adminNoticeRoutes from "./admin-notice-routes";
import adminPublishNoticeRoute from "./admin-publish-notice.route";
import getNoticeRoute from "./get-notice.route";
import listNoticesRoute from "./list-notices.route";

/** The notices module's calls, registered under /base/api. */
export default async function noticesRoutes(api: FastifyInstance) {
  await api.register(listNoticesRoute);
  await api.register(getNoticeRoute);
  await api.register(adminPublishNoticeRoute);
  await api.register(adminNoticeRoutes);
}
