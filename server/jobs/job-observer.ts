/* What background jobs tell the app's metrics (server/lib/job-metrics.ts implements it). */

/** Why this process stopped holding a job's lease. */
export type LeaseLossReason =
  /** A pass's fenced transaction found the lease gone: it was rolled back (ADR-0197). */
  | "fenced"
  /** A renewal found another holder: the lease ran out here (a pause, a slow database) and was taken. */
  | "taken"
  /** A renewal failed (the database did not answer): the job pauses here until one succeeds. */
  | "unrenewed";

/** Told when this process's hold on a job's lease changes (JobLeases). */
export interface LeaseObserver {
  leaseLost(job: string, reason: LeaseLossReason): void;
  /** This process took a lease another holder had (expired, or given back at its shutdown). */
  leaseTakenOver(job: string): void;
}

/** What a chain reorganisation undid: the reconciliation's outcomes, and the watcher's cursor. */
export type ReorgReversal =
  /** A credited recharge whose block left the chain: its money was taken back. */
  | "credit"
  /** An event whose block left the chain and that had credited nothing (no user, or dust). */
  | "uncredited_event"
  /** The watcher's cursor: the chain changed below it, so it reads again from earlier. */
  | "cursor";

/** What one payout pass did (PayoutPassResult's counts). */
export interface PayoutCounts {
  sent: number;
  paid: number;
  failed: number;
  dropped: number;
}

/** Told how passes went. Each job reports its own figures; all but the first two are optional. */
export interface JobObserver {
  jobPassed(name: string, ms: number): void;
  /** A pass failed; a lost lease is a handover, not a failure, and is not reported here. */
  jobFailed(name: string): void;
  /** A chain watcher's pass ended: the chain's head and the last block it has read. */
  watcherProgress?(watcher: string, head: number, processed: number): void;
  /** A chain watcher undid `what` after a reorganisation. */
  reorgReversed?(watcher: string, what: ReorgReversal): void;
  /** A payout pass ended (or failed midway: what it did until then). */
  payouts?(counts: PayoutCounts): void;
  /**
   * The invite binder's gas today (UTC) against its daily budget after each pass, and whether
   * the budget stopped it: its bindings wait for the next day.
   */
  inviteBinderGas?(spentToday: number, dailyGas: number, exhausted: boolean): void;
  /** Gas the invite binder just counted against its budget for a batch it stored. */
  inviteBinderGasSpent?(gas: number): void;
  /**
   * After a lottery keeper pass: how long the round's randomness request has waited, in seconds
   * of chain time, or null when no request is waiting.
   */
  lotteryVrfWait?(seconds: number | null): void;
}
