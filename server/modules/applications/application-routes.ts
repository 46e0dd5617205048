import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { applicationListBody, reviewBody } from "../../../domain/api/applications";
import { replies } from "../../../domain/api/envelope";
import { idParam, pageOf } from "../../../domain/api/page";
import type { Database } from "../../db/schema";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { auditOf, type Audit } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { listApplications, type ApplicationRow, type ApplicationTable } from "./application.repository";

/**
 * TypeScript cannot resolve the reply type of a schema that is a type parameter, so the route
 * sees it as a plain schema; the factories' signatures check instead that `review` and `view`
 * answer the schema's output where they are called.
 */
const widen = (schema: z.ZodType): z.ZodType => schema;

type Decision = { status: "approved" | "rejected"; reason: string | null };

/**
 * POST /base/api/admin/<area>/review/{id} `{status: "approved"}` or `{status: "rejected", reason}`
 * (reviewer): decides a pending application, audited in its transaction. Identity and bank differ only in what deciding
 * checks and what the reply shows.
 */
export function adminReviewRoute<T extends z.ZodType>(
  path: string,
  review: (db: Kysely<Database>, id: bigint, decision: Decision, audit: Audit) => Promise<z.output<T>>,
  reply: T,
) {
  return async function route(app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      path,
      {
        onRequest: requireOperator("reviewer"),
        schema: { params: idParam, body: reviewBody, response: replies(widen(reply)) },
      },
      async (request) => {
        const input = request.body;
        const decision = { status: input.status, reason: input.status === "rejected" ? input.reason : null };
        return ok(await review(app.db.kysely, request.params.id, decision, auditOf(request)));
      },
    );
  };
}

/** POST /base/api/admin/<area>/list `{status?, page?, limit?}` (reviewer): applications, newest first. */
export function adminListRoute<A extends ApplicationTable, T extends z.ZodType>(
  path: string,
  table: A,
  view: (row: ApplicationRow<A> & { address: string }) => z.output<T>,
  item: T,
) {
  return async function route(app: FastifyInstance) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        path,
        { onRequest: requireOperator("reviewer"), schema: { body: applicationListBody, response: replies(pageOf(widen(item))) } },
        async (request) => {
          const q = request.body;
          const { rows, total } = await listApplications(app.db.kysely, table, q.status, offsetOf(q), q.limit);
          return ok({ list: rows.map(view), total, page: q.page, limit: q.limit });
        },
      );
  };
}
