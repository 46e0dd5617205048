import type { FastifyInstance } from "fastify";
import chainInviterRoute from "./chain-inviter.route";

/** The invites module's calls, registered under /base/api. */
export default async function invitesRoutes(api: FastifyInstance) {
  await api.register(chainInviterRoute);
}
