import pg from "pg";
import type { Db } from "../../db/database";
import { EVENTS_CHANNEL, localEventSignal } from "./event-signal";

/** Tells this process which users' events grew, from whichever process wrote them. */
export interface EventListener {
  stop(): Promise<void>;
}

export interface ListenerHandlers {
  /** `userId`'s events grew (0: everyone's). */
  grew(userId: bigint): void;
  /** Signals may have been missed (the connection to PostgreSQL was lost): every stream reads again. */
  lost(): void;
  warn(err: unknown, msg: string): void;
}

/** SQLite: the writers are in this process (server/modules/events/event-signal.ts). */
function localListener(h: ListenerHandlers): EventListener {
  const onEvents = (userId: bigint) => h.grew(userId);
  localEventSignal.on("events", onEvents);
  return { stop: async () => void localEventSignal.off("events", onEvents) };
}

/**
 * PostgreSQL: LISTEN on a connection of its own (a pooled one is handed to other queries).
 * A lost connection is opened again after a pause, and every stream then reads again, since
 * the notifications sent meanwhile are gone.
 */
function pgListener(pool: pg.Pool, h: ListenerHandlers, retryMs = 1000): EventListener & { ready: Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(pool.options);
    client = c;
    let dropped = false;
    const drop = (err?: unknown) => {
      if (dropped) return;
      dropped = true;
      if (stopped) return;
      if (err) h.warn(err, "event listener lost its PostgreSQL connection; reconnecting");
      c.end().catch(() => undefined);
      timer = setTimeout(() => void connect().then(h.lost, () => undefined), retryMs);
    };
    c.on("error", drop);
    c.on("end", () => drop());
    c.on("notification", (msg) => {
      if (msg.channel === EVENTS_CHANNEL && msg.payload && /^\d+$/.test(msg.payload)) h.grew(BigInt(msg.payload));
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (err) {
      drop(err);
      throw err;
    }
  };
  const started = connect();
  return {
    ready: started.catch(() => undefined),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await started.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Starts listening; on PostgreSQL resolves once LISTEN is in place (or failed, then retried). */
export async function startEventListener(db: Db, h: ListenerHandlers): Promise<EventListener> {
  if (db.driver.dialect === "sqlite") return localListener(h);
  const listener = pgListener(db.driver.pool, h);
  await listener.ready;
  return listener;
}
