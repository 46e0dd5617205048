import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { roleGrants } from "../../../domain/api/operators";
import { ok } from "../../lib/envelope";
import { requireOperator } from "./require-operator";
import { listRoles } from "./roles.service";

/** GET /base/api/admin/roles (admin): every wallet's roles, the configured admins first. */
export default async function listRolesRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/admin/roles", { onRequest: requireOperator("admin"), schema: { response: replies(roleGrants) } }, async () =>
      ok(await listRoles(app.db.kysely, app.config)),
    );
}
