import type { ServerResponse } from "node:http";
import type { ReadDb } from "../../db/transactor";
import { EVERYONE } from "./append-event";
import { eventsAfter, headSeq } from "./event.repository";
import { formatCursor, sseFrame, type StreamCursor } from "./stream-cursor";

/** Events read per query while catching up. */
const PAGE = 200;
/** A client that has not read this much of what was written is too slow: it is dropped and resumes later. */
const MAX_UNREAD_BYTES = 1 << 20;

type Which = keyof StreamCursor;

/**
 * One open stream: the signed-in user's events and everyone's, each read from the database
 * after the cursor and written in seq order. A wake-up only says "read again", so many events
 * (or many wake-ups) cost one read per batch, and a read always starts where the last write
 * stopped: nothing is sent twice or skipped.
 */
export class EventStream {
  readonly cursor: StreamCursor = { user: 0n, all: 0n };
  private pending: Record<Which, boolean> = { user: false, all: false };
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    readonly id: string,
    readonly userId: bigint,
    readonly tokenHash: string,
    private readonly res: ServerResponse,
    private readonly reads: ReadDb,
    private readonly onFail: (err: unknown) => void,
  ) {}

  /**
   * Sets where the stream starts and says so (`ready`): from `resume` when it is a position of
   * this user's that is still kept, else from now, with `reset` when events were missed.
   */
  start(resume: StreamCursor | null): Promise<void> {
    // Wake-ups during the start only mark both sides to be read again once it is done.
    this.pending = { user: true, all: true };
    this.running = this.position(resume)
      .then(() => this.run())
      .catch((err: unknown) => this.fail(err))
      .finally(() => this.ran());
    return this.running;
  }

  private async position(resume: StreamCursor | null): Promise<void> {
    const head = { user: await headSeq(this.reads, this.userId), all: await headSeq(this.reads, EVERYONE) };
    if (resume && resume.user <= head.user && resume.all <= head.all) {
      Object.assign(this.cursor, resume);
      this.send("ready", "{}");
      // Kept events after the cursor follow; a day-old cursor finds them pruned and is reset.
      await this.drain("user", head.user);
      await this.drain("all", head.all);
    } else {
      // A position ahead of the heads is not this user's (another user's id, or another database's).
      Object.assign(this.cursor, head);
      this.send(resume ? "reset" : "ready", "{}");
    }
  }

  /** Reads again (coalesced: one read loop per stream at a time). */
  pull(which: Which): void {
    if (this.closed) return;
    this.pending[which] = true;
    if (this.running) return;
    this.running = this.run()
      .catch((err: unknown) => this.fail(err))
      .finally(() => this.ran());
  }

  /** A wake-up that came after the loop's last check and before it ended is read now. */
  private ran(): void {
    this.running = null;
    if (this.pending.user || this.pending.all) this.pull(this.pending.user ? "user" : "all");
  }

  /** A comment line: keeps proxies and the client from taking a quiet stream for a dead one. */
  heartbeat(): void {
    this.write(": heartbeat\n\n");
  }

  /**
   * Ends the stream and then its connection: a kept-alive socket would hold a shutting-down
   * server, and a client reconnects (elsewhere) anyway.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.res.end(() => this.res.destroy());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private async run(): Promise<void> {
    while (!this.closed && (this.pending.user || this.pending.all)) {
      for (const which of ["user", "all"] as const) {
        if (!this.pending[which]) continue;
        this.pending[which] = false;
        await this.drain(which, null);
      }
    }
  }

  /** Sends every kept event after the cursor; `head`: the seq known to exist, to tell pruned ones from none. */
  private async drain(which: Which, head: bigint | null): Promise<void> {
    const owner = which === "user" ? this.userId : EVERYONE;
    for (;;) {
      const rows = await eventsAfter(this.reads, owner, this.cursor[which], PAGE);
      if (this.closed) return;
      const first = rows[0];
      if (first && BigInt(first.seq) > this.cursor[which] + 1n) this.missed(which, BigInt(first.seq) - 1n);
      for (const row of rows) {
        this.cursor[which] = BigInt(row.seq);
        this.send(row.type, row.data);
      }
      if (rows.length < PAGE) break;
    }
    if (head !== null && this.cursor[which] < head) this.missed(which, head);
  }

  /** Events up to `seq` were pruned before this stream read them: the client reloads what it shows. */
  private missed(which: Which, seq: bigint): void {
    this.cursor[which] = seq;
    this.send("reset", "{}");
  }

  private send(event: string, data: string): void {
    this.write(sseFrame(event, formatCursor(this.cursor), data));
  }

  private write(chunk: string): void {
    if (this.closed) return;
    this.res.write(chunk);
    if (this.res.writableLength > MAX_UNREAD_BYTES) this.fail(new Error("client reads too slowly"));
  }

  private fail(err: unknown): void {
    if (this.closed) return;
    this.close();
    this.onFail(err);
  }
}
