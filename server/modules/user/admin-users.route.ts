import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminUser, ledgerEntry, userLedgerQuery, userSearchQuery, type AdminUser } from "../../../domain/api/admin-users";
import { replies } from "../../../domain/api/envelope";
import { idParam, pageOf } from "../../../domain/api/page";
import type { UserRow } from "../../db/schema";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { offsetOf } from "../../lib/page-params";
import { requireOperator } from "../operators/require-operator";
import { findUserById, searchUsers, userLedger } from "./admin-users.repository";

const toAdminUser = (u: UserRow): AdminUser => ({
  id: Number(u.id),
  address: u.address,
  invitationCode: u.invitation_code,
  email: u.email,
  nickname: u.nickname,
  inviterId: u.inviter_id == null ? null : Number(u.inviter_id),
  createdAt: Number(u.created_at),
  registeredAt: u.registered_at == null ? null : Number(u.registered_at),
  amountCny: u.amount_cny.toString(),
  amountUsdt: u.amount_usdt.toString(),
  withdrawUsdt: u.withdraw_usdt.toString(),
  debtUsdt: u.debt_usdt.toString(),
});

/**
 * GET /base/api/admin/users `?q` and GET /base/api/admin/users/{id}/ledger `?currency` (reviewer
 * or treasurer): finding a user by address, email or invitation code, with balances; and their
 * ledger, newest first. Reads: not audited.
 */
export default async function adminUsersRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const guard = requireOperator("reviewer", "treasurer");
  typed.get(
    "/admin/users",
    { onRequest: guard, schema: { querystring: userSearchQuery, response: replies(pageOf(adminUser)) } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await searchUsers(app.db.kysely, q.q, offsetOf(q), q.limit);
      return ok({ list: rows.map(toAdminUser), total, page: q.page, limit: q.limit });
    },
  );
  typed.get(
    "/admin/users/:id/ledger",
    { onRequest: guard, schema: { params: idParam, querystring: userLedgerQuery, response: replies(pageOf(ledgerEntry)) } },
    async (request) => {
      const q = request.query;
      const db = app.db.kysely;
      if (!(await findUserById(db, request.params.id))) throw notFound("users.notFound");
      const { rows, total } = await userLedger(db, request.params.id, q.currency, offsetOf(q), q.limit);
      const list = rows.map((r) => ({
        id: Number(r.id),
        currency: r.currency,
        delta: r.delta.toString(),
        balanceAfter: r.balance_after.toString(),
        kind: r.kind,
        ref: r.ref,
        createdAt: Number(r.created_at),
      }));
      return ok({ list, total, page: q.page, limit: q.limit });
    },
  );
}
