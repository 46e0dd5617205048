import type { Kysely, Selectable } from "kysely";
import type { ApplicationStatus, Database } from "../../db/schema";

/**
 * The review queues: identity and bank account applications share their owner, status and
 * review columns, so the queries over those columns are written once.
 */
export type ApplicationTable = "identity_applications" | "bank_applications";
/** A row of either table, with the columns both have spelled out (TypeScript cannot see them through `T`). */
export type ApplicationRow<T extends ApplicationTable> = Selectable<Database[T]> & {
  id: bigint;
  user_id: bigint;
  status: ApplicationStatus;
  reason: string | null;
  created_at: bigint;
  reviewed_at: bigint | null;
};

type Q = Kysely<Database>;
// Kysely cannot resolve the columns of a generic table name, so the queries name one table's type;
// both tables have every column used here. The casts only say which table's row came back.
const from = (db: Q, table: ApplicationTable) => db.selectFrom(table as "bank_applications");
const oneOf = <T extends ApplicationTable>(row: Promise<unknown>) => row as Promise<ApplicationRow<T> | undefined>;

/** The user's latest application (the one whose status counts), or undefined. */
export function latestApplication<T extends ApplicationTable>(
  db: Q,
  table: T,
  userId: bigint,
): Promise<ApplicationRow<T> | undefined> {
  return oneOf<T>(from(db, table).selectAll().where("user_id", "=", userId).orderBy("id", "desc").limit(1).executeTakeFirst());
}

/** One page of a queue for the operator, newest first, with each owner's address and the total. */
export async function listApplications<T extends ApplicationTable>(
  db: Q,
  table: T,
  status: ApplicationStatus | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: (ApplicationRow<T> & { address: string })[]; total: number }> {
  const t = table as "bank_applications";
  let q = db.selectFrom(t).innerJoin("users", "users.id", `${t}.user_id`);
  if (status) q = q.where(`${t}.status`, "=", status);
  const [rows, total] = await Promise.all([
    q.selectAll(t).select("users.address").orderBy(`${t}.id`, "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as (ApplicationRow<T> & { address: string })[], total: Number(total.n) };
}

/** pending → approved | rejected, once: the UPDATE only matches a pending row. */
export function reviewApplication<T extends ApplicationTable>(
  db: Q,
  table: T,
  id: bigint,
  outcome: { status: "approved" | "rejected"; reason: string | null; now: number },
): Promise<ApplicationRow<T> | undefined> {
  return oneOf<T>(
    db
      .updateTable(table as "bank_applications")
      .set({ status: outcome.status, reason: outcome.reason, reviewed_at: outcome.now })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst(),
  );
}

/** The application, read inside the review's transaction, or undefined. */
export function applicationById<T extends ApplicationTable>(db: Q, table: T, id: bigint): Promise<ApplicationRow<T> | undefined> {
  return oneOf<T>(from(db, table).selectAll().where("id", "=", id).executeTakeFirst());
}
