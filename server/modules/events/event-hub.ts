import { randomBytes, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import os from "node:os";
import { sql } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database";
import { readsOf } from "../../db/transactor";
import { refuse, tooManyRequests } from "../../lib/errors";
import type { SessionStore } from "../auth/session-store";
import { EVERYONE } from "./append-event";
import { startEventListener, type EventListener } from "./event-listener";
import { EventStream } from "./event-stream";
import type { StreamCursor } from "./stream-cursor";
import { countLiveStreams, deleteStream, deleteStreamsOf, insertStream, refreshStreams } from "./stream-slot.repository";

export interface HubOptions {
  db: Db;
  sessionStore: SessionStore;
  perUser: number;
  perProcess: number;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}

/** A stream admitted by the limits and not yet attached to its response. */
export interface Admission {
  id: string;
  userId: bigint;
}

/**
 * This process's open streams: admits them within the limits, wakes the streams of a user whose
 * events grew (from the listener: any process's writes), and beats every `heartbeatMs`, which
 * sends a comment down each stream, moves this process's stream rows' expiry on in one write,
 * and ends the streams whose session has ended (a logout on any replica).
 */
export class EventHub {
  /** Names this process's stream rows. */
  readonly holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private readonly streams = new Set<EventStream>();
  private readonly byUser = new Map<bigint, Set<EventStream>>();
  /** Admitted streams not yet attached: counted against the process's limit too. */
  private admitted = 0;
  private listener: EventListener | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: HubOptions) {}

  async start(): Promise<void> {
    this.listener = await startEventListener(this.o.db, {
      grew: (userId) => this.wake(userId),
      lost: () => this.wakeAll(),
      warn: (err, msg) => this.o.log.warn({ err }, msg),
    });
    this.timer = setInterval(() => void this.beat(), this.o.heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** A row's life: three heartbeats, so one late beat does not free a slot still in use. */
  private expiry(now: number): number {
    return now + 3 * this.o.heartbeatMs;
  }

  /**
   * Admits a stream of `userId`, or refuses: 503 when this process serves its most, 429 when the
   * user has their most open on all processes together. The user's rows are counted and the
   * new one inserted under a lock of that user (PostgreSQL: an advisory lock for the
   * transaction; SQLite writes one transaction at a time), so two replicas admitting at once
   * cannot both take the last slot.
   */
  async admit(userId: bigint): Promise<Admission> {
    if (this.streams.size + this.admitted >= this.o.perProcess) throw refuse(503, "events.serverBusy");
    this.admitted++;
    try {
      const id = randomUUID();
      const now = Date.now();
      await this.o.db.kysely.transaction().execute(async (trx) => {
        if (this.o.db.dialect === "postgres")
          await sql`select pg_advisory_xact_lock(hashtextextended(${`event-streams:${userId}`}, 0))`.execute(trx);
        if ((await countLiveStreams(trx, userId, now)) >= this.o.perUser)
          throw tooManyRequests("events.tooManyStreams", { max: this.o.perUser });
        await insertStream(trx, { id, userId, holder: this.holder, expiresAt: this.expiry(now) });
      });
      return { id, userId };
    } catch (err) {
      this.admitted--;
      throw err;
    }
  }

  /** Starts an admitted stream on `res` (headers already written), from `resume` when given. */
  attach(a: Admission, tokenHash: string, res: ServerResponse, resume: StreamCursor | null): EventStream {
    this.admitted--;
    const stream = new EventStream(a.id, a.userId, tokenHash, res, readsOf(this.o.db.kysely), (err) => {
      this.o.log.warn({ err }, "event stream ended");
      this.remove(stream);
    });
    this.streams.add(stream);
    let mine = this.byUser.get(a.userId);
    if (!mine) this.byUser.set(a.userId, (mine = new Set()));
    mine.add(stream);
    res.on("close", () => this.remove(stream));
    void stream.start(resume);
    return stream;
  }

  private remove(stream: EventStream): void {
    if (!this.streams.delete(stream)) return;
    stream.close();
    const mine = this.byUser.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byUser.delete(stream.userId);
    deleteStream(this.o.db.kysely, stream.id).catch((err: unknown) => this.o.log.warn({ err }, "event stream row not deleted"));
  }

  wake(userId: bigint): void {
    if (userId === EVERYONE) for (const stream of this.streams) stream.pull("all");
    else for (const stream of this.byUser.get(userId) ?? []) stream.pull("user");
  }

  private wakeAll(): void {
    for (const stream of this.streams) {
      stream.pull("user");
      stream.pull("all");
    }
  }

  /** One heartbeat (tests call it to not wait for the timer). */
  async beat(): Promise<void> {
    const now = Date.now();
    for (const stream of this.streams) stream.heartbeat();
    try {
      await refreshStreams(this.o.db.kysely, this.holder, this.expiry(now));
      const sessions = new Map<string, EventStream[]>();
      for (const stream of this.streams) sessions.set(stream.tokenHash, [...(sessions.get(stream.tokenHash) ?? []), stream]);
      for (const [tokenHash, streams] of sessions) {
        const user = await this.o.sessionStore.find(tokenHash, now);
        if (!user || BigInt(user.id) !== streams[0]!.userId) for (const stream of streams) this.remove(stream);
      }
    } catch (err) {
      this.o.log.warn({ err }, "event stream heartbeat failed");
    }
  }

  /** Ends every stream (their clients resume on another process) and gives back this process's rows. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const stream of [...this.streams]) {
      this.streams.delete(stream);
      stream.close();
    }
    this.byUser.clear();
    await this.listener?.stop();
    await deleteStreamsOf(this.o.db.kysely, this.holder).catch(() => undefined);
  }
}
