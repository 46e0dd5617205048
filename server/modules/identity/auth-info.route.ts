import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { latestApplication } from "../applications/application.repository";
import { toIdentityView } from "./identity.service";

const body = z.strictObject({});

/** POST /base/api/user/auth/info (signed in): the latest identity application (ID number masked), or null. */
export default async function authInfoRoute(app: FastifyInstance) {
  app.post("/user/auth/info", { onRequest: requireUser, schema: { body } }, async (request) => {
    const row = await latestApplication(app.db.kysely, "identity_applications", BigInt(request.user.id));
    return ok(row ? toIdentityView(row) : null);
  });
}
