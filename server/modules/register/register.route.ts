import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isWellFormedInvitationCode, normaliseInvitationCode } from "../../../domain/invitation";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { codeField, emailField, fundPasswordField } from "../codes/fields";
import { toUserInfo } from "../user/user.service";
import { registerUser } from "./register.service";

const body = z.strictObject({
  /** Optional: empty or absent registers without an inviter. */
  invitationCode: z
    .string()
    .max(16, "invitationCode must be at most 16 characters")
    .transform(normaliseInvitationCode)
    .refine((v) => v === "" || isWellFormedInvitationCode(v), "invitationCode must be 8 letters and digits")
    .optional(),
  email: emailField,
  code: codeField,
  fundPassword: fundPasswordField,
});

/**
 * POST /base/api/user/register `{invitationCode?, email, code, fundPassword}` (signed in): binds
 * inviter, email (with its `register` code) and fund password to the address; answers user info.
 */
export default async function registerRoute(app: FastifyInstance) {
  app.post("/user/register", { onRequest: requireUser, schema: { body } }, async (request) => {
    const input = request.body as z.infer<typeof body>;
    const user = await registerUser(app.db, request.user, {
      invitationCode: input.invitationCode || null,
      email: input.email,
      code: input.code,
      fundPassword: input.fundPassword,
    });
    return ok(await toUserInfo(app.db.kysely, user));
  });
}
