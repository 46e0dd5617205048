import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { editProfileBody } from "../../../domain/api/profile";
import { userInfo } from "../../../domain/api/user";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { limitPerUser, perUserPerMinute } from "../../lib/per-user-limit";
import { toUserInfo } from "../user/user.service";
import { editProfile } from "./profile.service";

/**
 * POST /base/api/user/edit `{nickname?, avatar?, oldPassword?, newPassword?}` (signed in):
 * answers the updated user info. Rate-limited per user; the old fund password goes through the
 * fund-password guard, like every call that takes it.
 */
export default async function editProfileRoute(app: FastifyInstance) {
  const limit = limitPerUser(perUserPerMinute(app.db, "profile", app.config.profileRateLimitPerMinute), "profile.tooMany");
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/edit",
      { onRequest: authenticate, preHandler: limit, schema: { body: editProfileBody, response: replies(userInfo) } },
      async (request) => {
        const user = await editProfile(app.db.kysely, app.fundPasswordGuard, request.user, request.body);
        return ok(await toUserInfo(app.db.kysely, user));
      },
    );
}
