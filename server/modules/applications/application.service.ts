import type { Kysely } from "kysely";
import type { ApplicationStatus, Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { Audit } from "../operators/audit";
import { applicationById, reviewApplication, type ApplicationRow, type ApplicationTable } from "./application.repository";

/** What every application view ends with: where it stands and when it was filed and decided. */
export function decisionView(row: {
  status: ApplicationStatus;
  reason: string | null;
  created_at: bigint;
  reviewed_at: bigint | null;
}) {
  return {
    status: row.status,
    reason: row.reason,
    createdAt: Number(row.created_at),
    reviewedAt: row.reviewed_at == null ? null : Number(row.reviewed_at),
  };
}

/** How the audit names each queue (`identity.review`, target `identity:12`). */
const AREA = { identity_applications: "identity", bank_applications: "bank" } as const;

/**
 * The operator's decision on a pending application, in one transaction: unknown id → 404, already
 * decided → 409, then `beforeApproval` may refuse, then the conditional UPDATE (409 if another
 * review won the race), then the audit row.
 */
export function decideApplication<T extends ApplicationTable>(
  db: Kysely<Database>,
  table: T,
  id: bigint,
  outcome: { status: "approved" | "rejected"; reason: string | null },
  now: number,
  audit: Audit,
  { beforeApproval }: { beforeApproval?: (trx: Kysely<Database>, row: ApplicationRow<T>) => Promise<void> } = {},
): Promise<ApplicationRow<T>> {
  return db.transaction().execute(async (trx) => {
    const current = await applicationById(trx, table, id);
    if (!current) throw notFound("review.notFound");
    if (current.status !== "pending")
      throw conflict(current.status === "approved" ? "review.alreadyApproved" : "review.alreadyRejected");
    if (outcome.status === "approved" && beforeApproval) await beforeApproval(trx, current);
    const row = await reviewApplication(trx, table, id, { ...outcome, now });
    if (!row) throw conflict("review.raced");
    const view = (r: ApplicationRow<T>) => ({ userId: Number(r.user_id), ...decisionView(r) });
    await audit(trx, {
      action: `${AREA[table]}.review`,
      target: `${AREA[table]}:${id}`,
      before: view(current),
      after: view(row),
    });
    return row;
  });
}
