import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { stringifyJson } from "../../lib/json";
import { insertAudit } from "./audit.repository";

/** One operator action: what it did (`product.update`), to what (`product:12`), and the state before and after. */
export interface AuditEntry {
  action: string;
  target: string | null;
  /** Omitted for a creation. */
  before?: unknown;
  /** Omitted for a removal. */
  after?: unknown;
}

/**
 * Appends the entry in the caller's transaction `trx`, so the action and its audit row commit or
 * vanish together. Services take one (`audit`) wherever an operator acts.
 */
export type Audit = (trx: Kysely<Database>, entry: AuditEntry) => Promise<void>;

/**
 * The audit of this request: its operator (`request.operator`, set by `requireOperator`) and the
 * client's address as our web server reports it: `request.ip`, which believes X-Forwarded-For
 * only from the proxies TRUST_PROXY names, so a client cannot write another address into history.
 */
export function auditOf(request: FastifyRequest): Audit {
  const operator = request.operator.name;
  const clientAddress = request.ip;
  return async (trx, entry) => {
    await insertAudit(trx, {
      operator,
      action: entry.action,
      target: entry.target,
      before_json: entry.before === undefined ? null : stringifyJson(entry.before),
      after_json: entry.after === undefined ? null : stringifyJson(entry.after),
      client_address: clientAddress,
      created_at: Date.now(),
    });
  };
}
