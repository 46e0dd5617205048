import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { OPERATOR_ROLES, TOKEN_OPERATOR, TOKEN_ROLES, type OperatorRole } from "../../../domain/operator-roles";
import { forbidden, unauthorized } from "../../lib/errors";
import { requireUser } from "../auth/authenticate.plugin";
import { rolesOf } from "./operator.service";

/** Who is calling an operator route, set by `requireOperator`. */
export interface Operator {
  /** The wallet's lowercase address, or `token` for the shared ADMIN_TOKEN (how the audit names it). */
  name: string;
  roles: OperatorRole[];
  /** The signed-in wallet's user id; null for the shared token. */
  userId: bigint | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireOperator` on operator routes. */
    operator: Operator;
  }
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The shared token (scripts): the `x-admin-token` header must equal ADMIN_TOKEN. Without a
 * configured token it is refused (403), so a forgotten setting never opens anything. Both sides
 * are hashed first so the comparison is constant-time whatever the lengths.
 */
function tokenOperator(request: FastifyRequest): Operator {
  const configured = request.server.config.adminToken;
  if (!configured) throw forbidden("admin.disabled");
  const header = request.headers["x-admin-token"];
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || given.length > 256 || !timingSafeEqual(digest(given), digest(configured))) throw unauthorized("admin.badToken");
  return { name: TOKEN_OPERATOR, roles: [...TOKEN_ROLES], userId: null };
}

/**
 * Who is calling: a request with a `token` header (and no `x-admin-token`) is a wallet's session
 * (401 `api.relogin` when it is not a live one) and holds the roles granted to its address; any
 * other request is a script with the shared token, so a wrong token is never rescued by a session
 * beside it. Answers the operator whatever its roles (none: an empty list).
 */
export async function identifyOperator(request: FastifyRequest, reply: FastifyReply): Promise<Operator> {
  if (request.headers.token === undefined || request.headers["x-admin-token"] !== undefined) return tokenOperator(request);
  await requireUser(request, reply);
  const address = request.user.address.toLowerCase();
  return { name: address, roles: await rolesOf(request.server, address), userId: BigInt(request.user.id) };
}

/**
 * Guards an operator route (`onRequest`, so nothing of the request is read first): the caller
 * must hold one of `allowed`. A wallet with no role at all gets `admin.noRole`, one with other
 * roles `admin.roleRequired`; both 403. The shared token on a treasurer's call (money: withdrawals,
 * settlement, balance adjustments, approvals) gets `admin.tokenNotTreasurer`, which says why.
 */
export function requireOperator(...allowed: [OperatorRole, ...OperatorRole[]]): onRequestAsyncHookHandler {
  return async function guard(request, reply) {
    const operator = await identifyOperator(request, reply);
    if (operator.roles.length === 0) throw forbidden("admin.noRole");
    if (!allowed.some((role) => operator.roles.includes(role))) {
      if (operator.userId === null && allowed.includes("treasurer")) throw forbidden("admin.tokenNotTreasurer");
      throw forbidden("admin.roleRequired", { roles: allowed.join(" / ") });
    }
    request.operator = operator;
  };
}

/** Any operator at all: reading the audit, asking who I am. */
export const requireAnyOperator = () => requireOperator(...OPERATOR_ROLES);
