import { z } from "zod";

/** The live-update stream's settings (server/modules/events), parsed with the rest of the configuration. */
export const eventsEnv = {
  /** Streams one user may have open at once, counted across every API process (ADR draft "live updates"). */
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
  /** Streams one API process serves at once. */
  EVENT_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).default(5000),
  /** Milliseconds between heartbeats: a comment on every stream, and its row's expiry moved on. */
  EVENT_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  /** How long events are kept for a stream that resumes; older ones are pruned. */
  EVENT_RETENTION_HOURS: z.coerce.number().min(0.01).default(24),
  /** Milliseconds between pruning passes; 0 = off. */
  EVENT_PRUNE_INTERVAL_MS: z.coerce.number().int().min(0).default(600_000),
};

type EventsEnv = { [K in keyof typeof eventsEnv]: z.infer<(typeof eventsEnv)[K]> };

export function eventsConfigOf(e: EventsEnv) {
  return {
    eventStreamsPerUser: e.EVENT_STREAMS_PER_USER,
    eventStreamsPerProcess: e.EVENT_STREAMS_PER_PROCESS,
    eventHeartbeatMs: e.EVENT_HEARTBEAT_MS,
    eventRetentionMs: Math.round(e.EVENT_RETENTION_HOURS * 3600_000),
    eventPruneIntervalMs: e.EVENT_PRUNE_INTERVAL_MS,
  };
}
