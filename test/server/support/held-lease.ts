import type { Db } from "../../../server/db/database";
import { acquireLease } from "../../../server/jobs/lease/lease-store";
import { JobLease } from "../../../server/jobs/lease/with-lease";

/**
 * What a pass of job `name` is given while its process holds the lease, for a test that runs a
 * pass by hand: the lease is taken (for an hour) by holder "test", and every write of the pass
 * goes through transactions fenced by it, as in a running server.
 */
export async function heldLease(db: Db, name = "test-job"): Promise<JobLease> {
  const lease = { name, holder: "test" };
  const token = await acquireLease(db.kysely, db.dialect, name, lease.holder, 3_600_000);
  if (token === null) throw new Error(`job ${name} is leased by another holder`);
  return new JobLease(db, { ...lease, token });
}
