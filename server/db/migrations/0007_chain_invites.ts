import { sql, type Kysely } from "kysely";

/**
 * The invitation tree on chain (issue 13): one row per registered user, written in the
 * registration transaction, that the invite binder (server/jobs/invite-binder.ts) works off
 * until `DAO.bindInviterFor(user, inviter)` is confirmed on the current chain.
 *
 * - `status`: `pending` (to be checked and, if need be, sent), `sent` (a signed transaction is
 *   stored: the binder checks it before doing anything else) or `bound` (the chain holds the
 *   same inviter as the database).
 * - `genesis_hash`: the chain the status belongs to. A fresh local chain (another genesis hash)
 *   puts every row back to `pending`, and the binder replays them in tree order.
 * - The transaction is stored (hash, nonce, signed bytes, sender) before it is broadcast, so
 *   after a crash it is looked up and, while its nonce is free, sent again byte for byte.
 * - `attempts` and `next_attempt_at` space out retries (domain/invite-binding.ts).
 *
 * Users registered before this migration get a pending row: the binder binds them, or finds
 * them already bound (the demo users are bound by the deploy).
 */
export function m0007ChainInvites() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("chain_invites")
        .addColumn("user_id", "bigint", (c) => c.primaryKey().references("users.id"))
        .addColumn("status", "varchar(16)", (c) => c.notNull()) // pending | sent | bound
        .addColumn("genesis_hash", "varchar(66)")
        .addColumn("tx_hash", "varchar(66)")
        .addColumn("tx_nonce", "bigint")
        .addColumn("raw_tx", "text")
        .addColumn("from_address", "varchar(42)")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", "varchar(256)")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("chain_invites_due").on("chain_invites").columns(["status", "next_attempt_at"]).execute();
      await sql`insert into chain_invites (user_id, status, attempts, next_attempt_at, created_at, updated_at)
        select id, 'pending', 0, 0, registered_at, registered_at from users where registered_at is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("chain_invites").execute();
    },
  };
}
