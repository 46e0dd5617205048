import type { Int64 } from "./column-types";

/* The live-update stream's events and open streams (migration 0011). */

export interface UserEventSeqsTable {
  /** 0: the events every user gets (lottery draws). */
  user_id: Int64;
  /** The last seq given out to this user's events. */
  seq: Int64;
}

export interface UserEventsTable {
  user_id: Int64;
  seq: Int64;
  /** The event's name on the stream, e.g. `recharge` (domain/api/events.ts). */
  type: string;
  /** The event's JSON, as the stream sends it. */
  data: string;
  /** Set where one happening may be reported twice (a job repeating a step): unique per user. */
  dedupe_key: string | null;
  created_at: Int64;
}

export interface EventStreamsTable {
  id: string;
  user_id: Int64;
  /** The process serving the stream (host:pid:random). */
  holder: string;
  /** Epoch ms; its process's heartbeat moves it on, so a crashed process's streams stop counting. */
  expires_at: Int64;
}
