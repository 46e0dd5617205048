import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { idParam } from "../../lib/page-params";
import { requireUser } from "../../plugins/authenticate";
import { removeAddress } from "./address.service";

const body = z.strictObject({});

/** POST /base/api/user/delete/addr/{id} (signed in, empty body): deleting the default promotes the newest other address. */
export default async function deleteAddressRoute(app: FastifyInstance) {
  app.post("/user/delete/addr/:id", { onRequest: requireUser, schema: { params: idParam, body } }, async (request) => {
    const { id } = request.params as z.infer<typeof idParam>;
    await removeAddress(app.db.kysely, BigInt(request.user.id), id);
    return ok(null);
  });
}
