import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bankInfoBody, bankInfoReply } from "../../../domain/api/bank";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { latestApplication } from "../applications/application.repository";
import { toBankView } from "./bank.service";

/** POST /base/api/user/bank/info (signed in): the latest bank account application (card masked), or null. */
export default async function bankInfoRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/bank/info",
      { onRequest: authenticate, schema: { body: bankInfoBody, response: replies(bankInfoReply) } },
      async (request) => {
        const row = await latestApplication(app.db.kysely, "bank_applications", BigInt(request.user.id));
        return ok(row ? toBankView(row) : null);
      },
    );
}
