import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { identityApplication, identityApplyBody } from "../../../domain/api/identity";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { applyForIdentity } from "./identity.service";

/**
 * POST /base/api/user/authApply `{realName, idNumber, frontImage, backImage}` (signed in): a
 * pending identity application (images: this user's upload locations); answers the application.
 */
export default async function authApplyRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/authApply",
      { onRequest: authenticate, schema: { body: identityApplyBody, response: replies(identityApplication) } },
      async (request) => ok(await applyForIdentity(app.db.kysely, request.user, request.body)),
    );
}
