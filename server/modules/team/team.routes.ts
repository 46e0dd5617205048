import type { FastifyInstance } from "fastify";
import inviteRecordsRoute from "./invite-records.route";
import teamInfoRoute from "./team-info.route";
import teamsRoute from "./teams.route";

/** The team module's calls, registered under /base/api. */
export default async function teamRoutes(api: FastifyInstance) {
  await api.register(inviteRecordsRoute);
  await api.register(teamInfoRoute);
  await api.register(teamsRoute);
}
