import type { Kysely } from "kysely";

/**
 * What the live-update stream pushes (issue 28): `user_events` holds each user's events in the
 * order they committed (`seq` per user, taken from `user_event_seqs` in the same transaction as
 * the event, so a user's events commit in seq order; user 0 is everyone's: lottery draws), kept
 * a day. `dedupe_key` makes an event that a job may see twice (a round drawn) one row.
 * `event_streams` has a row per open stream, refreshed by its process's heartbeat: every
 * replica counts a user's open streams there.
 */
export function m0011UserEvents() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("user_event_seqs")
        .addColumn("user_id", "bigint", (c) => c.primaryKey())
        .addColumn("seq", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("user_events")
        .addColumn("user_id", "bigint", (c) => c.notNull())
        .addColumn("seq", "bigint", (c) => c.notNull())
        .addColumn("type", "varchar(32)", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("dedupe_key", "varchar(128)")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_events_pk", ["user_id", "seq"])
        .execute();
      await db.schema.createIndex("user_events_created_at").on("user_events").column("created_at").execute();
      await db.schema.createIndex("user_events_dedupe").on("user_events").columns(["user_id", "dedupe_key"]).unique().execute();
      await db.schema
        .createTable("event_streams")
        .addColumn("id", "varchar(64)", (c) => c.primaryKey())
        .addColumn("user_id", "bigint", (c) => c.notNull())
        .addColumn("holder", "varchar(255)", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("event_streams_user").on("event_streams").column("user_id").execute();
      await db.schema.createIndex("event_streams_holder").on("event_streams").column("holder").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("event_streams").execute();
      await db.schema.dropTable("user_events").execute();
      await db.schema.dropTable("user_event_seqs").execute();
    },
  };
}
