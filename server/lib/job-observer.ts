/* What background jobs tell the app's metrics (server/lib/job-metrics.ts implements it). */

/**
 * Why this process stopped holding a job's lease: `fenced`, a pass's fenced transaction found the
 * lease gone and was rolled back (ADR-0197); `taken`, a renewal found another holder (the lease
 * ran out here: a pause, a slow database); `unrenewed`, a renewal failed (the database did not
 * answer), so the job pauses here until one succeeds.
 */
export const LEASE_LOSS_REASONS = ["fenced", "taken", "unrenewed"] as const;
export type LeaseLossReason = (typeof LEASE_LOSS_REASONS)[number];

/** Told when this process's hold on a job's lease changes (JobLeases). */
export interface LeaseObserver {
  /** The job will run here when its lease is held: its counters start at 0 (so the first event is an increase). */
  leaseRegistered(job: string): void;
  leaseLost(job: string, reason: LeaseLossReason): void;
  /** This process took a lease another holder had (expired, or given back at its shutdown). */
  leaseTakenOver(job: string): void;
}

/** The chain watchers, by their name in metrics (`watcher` label). */
export const CHAIN_WATCHERS = ["recharge"] as const;
export type ChainWatcherName = (typeof CHAIN_WATCHERS)[number];

/**
 * What a chain reorganisation undid: `credit`, a credited recharge whose block left the chain (its
 * money was taken back); `uncredited_event`, an event whose block left the chain and that had
 * credited nothing (no user, or dust); `cursor`, the watcher's cursor (the chain changed below it,
 * so it reads again from earlier).
 */
export const REORG_REVERSALS = ["credit", "uncredited_event", "cursor"] as const;
export type ReorgReversal = (typeof REORG_REVERSALS)[number];

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
  watcherProgress?(watcher: ChainWatcherName, head: number, processed: number): void;
  /** A chain watcher undid `what` after a reorganisation. */
  reorgReversed?(watcher: ChainWatcherName, what: ReorgReversal): void;
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
