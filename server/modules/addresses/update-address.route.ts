import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deliveryAddress, updateAddressBody } from "../../../domain/api/addresses";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { changeAddress } from "./address.service";

/** POST /base/api/user/update/addr `{id, …all address fields, isDefault?}` (signed in): answers the address. */
export default async function updateAddressRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/update/addr",
      { onRequest: authenticate, schema: { body: updateAddressBody, response: replies(deliveryAddress) } },
      async (request) => {
        const { id, ...input } = request.body;
        return ok(await changeAddress(app.db.kysely, BigInt(request.user.id), id, input));
      },
    );
}
