import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { grantRoleOutcome, revokeRoleOutcome, roleChangeBody } from "../../../domain/api/operators";
import { ok } from "../../lib/envelope";
import { auditOf } from "./audit";
import { requireOperator } from "./require-operator";
import { grantRole, revokeRole } from "./roles.service";

/**
 * POST /base/api/admin/roles/grant and /revoke `{address, role}` (admin): gives a wallet a role or
 * takes it back, audited; both answer the grant. With two admins or more, a grant of treasurer or
 * admin, and a revocation of admin, answer `{status: "AwaitingApproval", approval}` instead:
 * another admin approves it.
 */
export default async function changeRoleRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireOperator("admin");
  typed.post(
    "/admin/roles/grant",
    { onRequest, schema: { body: roleChangeBody, response: replies(grantRoleOutcome) } },
    async (request) => ok(await grantRole(app.db.kysely, app.config, request.operator.name, request.body, auditOf(request))),
  );
  typed.post(
    "/admin/roles/revoke",
    { onRequest, schema: { body: roleChangeBody, response: replies(revokeRoleOutcome) } },
    async (request) => ok(await revokeRole(app.db.kysely, app.config, request.operator.name, request.body, auditOf(request))),
  );
}
