import type { Int64 } from "./column-types";

/* Background jobs: who runs each one (migration 0008), and the gas they spent each day (0010). */

export interface JobLeasesTable {
  name: string;
  /** The process holding the job: host:pid:random. */
  holder: string;
  /** Fencing token: grows by one whenever another holder takes the job, never on a renewal. */
  token: Int64;
  /** Epoch ms by the database's clock; past it, any process may take the job. */
  expires_at: Int64;
}

export interface JobGasDaysTable {
  /** The job, e.g. invite-binder. */
  job: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Gas counted for the job's transactions that day. */
  gas: Int64;
  updated_at: Int64;
}
