import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NICKNAME_MAX, NICKNAME_PATTERN } from "../../../domain/plain-text";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { fundPasswordField } from "../../../domain/api/account-fields";
import { uploadLocationField } from "../uploads/upload-location";
import { limitPerUser, perUserPerMinute } from "../../lib/per-user-limit";
import { toUserInfo } from "../user/user.service";
import { editProfile } from "./profile.service";

const body = z
  .strictObject({
    /** null or "" clears it. */
    nickname: z
      .string()
      .max(NICKNAME_MAX * 2, `nickname must be at most ${NICKNAME_MAX} characters`)
      .transform((v) => v.trim())
      .refine(
        (v) => v === "" || NICKNAME_PATTERN.test(v),
        `nickname must be 1 to ${NICKNAME_MAX} letters, digits, spaces or _ - . ·`,
      )
      .transform((v) => v || null)
      .nullable()
      .optional(),
    /** An upload location of this user; null clears it. */
    avatar: uploadLocationField("avatar").nullable().optional(),
    oldPassword: z.string().max(64, "oldPassword must be at most 64 characters").optional(),
    newPassword: fundPasswordField.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "Nothing to change: send nickname, avatar or oldPassword and newPassword")
  .refine(
    (b) => (b.oldPassword === undefined) === (b.newPassword === undefined),
    "Send oldPassword and newPassword together to change the fund password",
  );

/**
 * POST /base/api/user/edit `{nickname?, avatar?, oldPassword?, newPassword?}` (signed in):
 * answers the updated user info. Rate-limited per user; the old fund password goes through the
 * fund-password guard, like every call that takes it.
 */
export default async function editProfileRoute(app: FastifyInstance) {
  const limit = limitPerUser(perUserPerMinute(app.db, "profile", app.config.profileRateLimitPerMinute), "profile.tooMany");
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/user/edit", { onRequest: requireUser, preHandler: limit, schema: { body } }, async (request) => {
      const user = await editProfile(app.db.kysely, app.fundPasswordGuard, request.user, request.body);
      return ok(await toUserInfo(app.db.kysely, user));
    });
}
