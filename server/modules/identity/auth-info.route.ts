import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { identityInfoBody, identityInfoReply } from "../../../domain/api/identity";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { latestApplication } from "../applications/application.repository";
import { toIdentityView } from "./identity.service";

/** POST /base/api/user/auth/info (signed in): the latest identity application (ID number masked), or null. */
export default async function authInfoRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/auth/info",
      { onRequest: authenticate, schema: { body: identityInfoBody, response: replies(identityInfoReply) } },
      async (request) => {
        const row = await latestApplication(app.db.kysely, "identity_applications", BigInt(request.user.id));
        return ok(row ? toIdentityView(row) : null);
      },
    );
}
