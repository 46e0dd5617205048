import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { emptyBody, idParam } from "../../lib/page-params";
import { authenticate } from "../auth/authenticate.plugin";
import { removeAddress } from "./address.service";

/** POST /base/api/user/delete/addr/{id} (signed in, empty body): deleting the default promotes the newest other address. */
export default async function deleteAddressRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/delete/addr/:id",
      { onRequest: authenticate, schema: { params: idParam, body: emptyBody, response: replies(z.null()) } },
      async (request) => {
        const { id } = request.params;
        await removeAddress(app.db.kysely, BigInt(request.user.id), id);
        return ok(null);
      },
    );
}
