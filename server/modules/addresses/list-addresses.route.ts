import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { deliveryAddress } from "../../../domain/api/addresses";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { offsetOf, pageBody } from "../../lib/page-params";
import { authenticate } from "../auth/authenticate.plugin";
import { listAddresses } from "./address.repository";
import { toAddressView } from "./address.service";

/** POST /base/api/user/user/addr `{page?, limit?}` (signed in): the user's addresses, default first. */
export default async function listAddressesRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/user/addr",
      { onRequest: authenticate, schema: { body: pageBody, response: replies(pageOf(deliveryAddress)) } },
      async (request) => {
        const q = request.body;
        const { rows, total } = await listAddresses(app.db.kysely, BigInt(request.user.id), offsetOf(q), q.limit);
        return ok({ list: rows.map(toAddressView), total, page: q.page, limit: q.limit });
      },
    );
}
