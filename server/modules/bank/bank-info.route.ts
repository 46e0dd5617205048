import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { latestApplication } from "../applications/application.repository";
import { toBankView } from "./bank.service";

const body = z.strictObject({});

/** POST /base/api/user/bank/info (signed in): the latest bank account application (card masked), or null. */
export default async function bankInfoRoute(app: FastifyInstance) {
  app.post("/user/bank/info", { onRequest: requireUser, schema: { body } }, async (request) => {
    const row = await latestApplication(app.db.kysely, "bank_applications", BigInt(request.user.id));
    return ok(row ? toBankView(row) : null);
  });
}
