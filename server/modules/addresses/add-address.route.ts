import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addAddressBody, deliveryAddress } from "../../../domain/api/addresses";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { addAddress } from "./address.service";

/**
 * POST /base/api/user/add/addr `{receiver, phone, provinceCode, cityCode, districtCode, detail,
 * isDefault?}` (signed in): answers the new address. The first address is the default.
 */
export default async function addAddressRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/add/addr",
      { onRequest: authenticate, schema: { body: addAddressBody, response: replies(deliveryAddress) } },
      async (request) => ok(await addAddress(app.db.kysely, BigInt(request.user.id), request.body)),
    );
}
