import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { uploadLocationField } from "../uploads/upload-location";
import { idNumberField, realNameField } from "./fields";
import { applyForIdentity } from "./identity.service";

const body = z.strictObject({
  realName: realNameField,
  idNumber: idNumberField,
  frontImage: uploadLocationField("frontImage"),
  backImage: uploadLocationField("backImage"),
});

/**
 * POST /base/api/user/authApply `{realName, idNumber, frontImage, backImage}` (signed in): a
 * pending identity application (images: this user's upload locations); answers the application.
 */
export default async function authApplyRoute(app: FastifyInstance) {
  app.post("/user/authApply", { onRequest: requireUser, schema: { body } }, async (request) =>
    ok(await applyForIdentity(app.db.kysely, request.user, request.body as z.infer<typeof body>)),
  );
}
