import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { operatorMe } from "../../../domain/api/operators";
import { ok } from "../../lib/envelope";
import { isConfiguredAdmin } from "./operator.service";
import { requireAnyOperator } from "./require-operator";

/** GET /base/api/admin/me (any operator): my address (or `token`) and roles; a wallet with none gets 403 `admin.noRole`. */
export default async function meRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/admin/me", { onRequest: requireAnyOperator(), schema: { response: replies(operatorMe) } }, async (request) => {
      const { name, roles } = request.operator;
      return ok({ operator: name, roles, configuredAdmin: isConfiguredAdmin(app, name) });
    });
}
