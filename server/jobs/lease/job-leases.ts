/* The job leases of one API process: which background jobs it runs now (issue 15). */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database";
import type { LeaseObserver } from "../../lib/job-observer";
import { acquireLease, releaseLease } from "./lease-store";
import { JobLease } from "./with-lease";

export interface JobLeasesOptions {
  /** How long a lease lasts unrenewed (JOB_LEASE_MS); renewed every third of it. */
  ttlMs: number;
  /** Names this process in the table; default host:pid:random (a restarted process is a new holder). */
  holder?: string;
  log?: Pick<FastifyBaseLogger, "info" | "warn">;
  /** Told of every lease lost and taken over (the app's metrics). */
  observer?: LeaseObserver;
}

interface Held {
  token: bigint;
  /** performance.now() past which the lease may have expired unrenewed: no longer counted as held. */
  until: number;
}

/**
 * Takes and renews the lease of every registered job, every third of the lease's length, so
 * among the processes over one database each job has one holder at a time. A renewal that fails
 * or finds the lease taken drops the job from `held()`; the next tick tries again. On SQLite the
 * single process simply holds every lease.
 */
export class JobLeases {
  readonly holder: string;
  readonly ttlMs: number;
  private readonly names = new Set<string>();
  private readonly leases = new Map<string, Held>();
  /** The last token this process was given per job, held or not: a new one means another holder had it. */
  private readonly lastTokens = new Map<string, bigint>();
  private readonly firstTries = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly opts: JobLeasesOptions,
  ) {
    this.holder = opts.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
    this.ttlMs = opts.ttlMs;
  }

  /** Adds a job: its lease is tried at once and on every tick. Resolves when that first try is done. */
  register(name: string): Promise<void> {
    if (!this.names.has(name)) {
      this.names.add(name);
      this.opts.observer?.leaseRegistered(name);
      this.firstTries.set(name, this.track(this.tryLease(name)));
      this.schedule();
    }
    return this.firstTries.get(name)!;
  }

  /** The token of the job's lease while this process holds it, else null. */
  tokenOf(name: string): bigint | null {
    const lease = this.leases.get(name);
    return lease && performance.now() < lease.until ? lease.token : null;
  }

  /** The jobs this process holds now (for a readiness endpoint). */
  held(): string[] {
    return this.jobs().filter((name) => this.tokenOf(name) !== null);
  }

  /** Every job registered here, held or not (a metric reports 0 for the others). */
  jobs(): string[] {
    return [...this.names].sort();
  }

  /**
   * A pass of `name` found its lease gone (LeaseLostError): it is no longer counted as held, and
   * the loss is told once; the next tick takes the lease again if it is free.
   */
  lost(name: string, token: bigint): void {
    if (this.leases.get(name)?.token !== token) return;
    this.leases.delete(name);
    this.opts.observer?.leaseLost(name, "fenced");
  }

  /** What a pass of `name` under `token` is given: reads, and transactions fenced by the lease (with-lease.ts). */
  lease(name: string, token: bigint): JobLease {
    return new JobLease(this.db, { name, holder: this.holder, token }, { idleLimitMs: this.ttlMs });
  }

  /** Stops renewing without giving anything back, as a killed process would; the leases run out. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.inFlight);
  }

  /** Graceful shutdown (after the jobs stopped): gives every held lease back, so another process takes over at once. */
  async release(): Promise<void> {
    await this.stop();
    const held = [...this.leases].map(([name, { token }]) => ({ name, holder: this.holder, token }));
    this.leases.clear();
    await Promise.all(
      held.map((lease) =>
        releaseLease(this.db.kysely, this.db.dialect, lease).catch((err: unknown) =>
          this.opts.log?.warn({ err, job: lease.name }, "job lease not released; it runs out by itself"),
        ),
      ),
    );
  }

  private async tryLease(name: string): Promise<void> {
    if (this.stopped) return;
    const started = performance.now();
    try {
      const token = await acquireLease(this.db.kysely, this.db.dialect, name, this.holder, this.ttlMs);
      if (token === null) {
        if (this.leases.delete(name)) {
          this.opts.log?.warn({ job: name }, "job lease taken by another process");
          this.opts.observer?.leaseLost(name, "taken");
        }
        return;
      }
      if (this.leases.get(name)?.token !== token) this.opts.log?.info({ job: name, token: String(token) }, "job lease taken");
      // Token 1 is a lease no one held before; a token this process was not given is another holder's, taken over.
      if (token > 1n && this.lastTokens.get(name) !== token) this.opts.observer?.leaseTakenOver(name);
      this.lastTokens.set(name, token);
      // Counted from before the request: the database's expiry can only be later than this.
      this.leases.set(name, { token, until: started + this.ttlMs });
    } catch (err) {
      if (this.leases.delete(name)) {
        this.opts.log?.warn({ err, job: name }, "job lease not renewed: job paused here");
        this.opts.observer?.leaseLost(name, "unrenewed");
      }
    }
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      void this.track(Promise.all([...this.names].map((name) => this.tryLease(name))).then(() => undefined)).finally(() => {
        this.timer = null;
        this.schedule();
      });
    }, this.ttlMs / 3);
    // The HTTP server keeps the process alive; leases alone should not.
    this.timer.unref();
  }

  private track(p: Promise<void>): Promise<void> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
    return p;
  }
}
