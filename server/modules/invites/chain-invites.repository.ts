import { sql, type Kysely } from "kysely";
import type { ChainInvitesTable, Database } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;

/** A row the binder works on, with the addresses it binds. */
export interface BindingRow {
  userId: bigint;
  address: `0x${string}`;
  /** The inviter in the database; null: none (bound under the tree's root). */
  inviterId: bigint | null;
  inviterAddress: `0x${string}` | null;
  status: ChainInvitesTable["status"];
  genesisHash: string | null;
  txHash: `0x${string}` | null;
  txNonce: number | null;
  rawTx: `0x${string}` | null;
  fromAddress: `0x${string}` | null;
  attempts: number;
}

/** In the registration transaction: the new member is to be bound on chain. */
export async function enqueueBinding(trx: Q, userId: bigint, now: number): Promise<void> {
  await trx
    .insertInto("chain_invites")
    .values({ user_id: userId, status: "pending", attempts: 0, next_attempt_at: 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/**
 * A new chain (another genesis hash): every row decided on another chain is to be bound again,
 * at once. Answers how many.
 */
export async function requeueOtherChains(db: Q, genesis: string, now: number): Promise<number> {
  const result = await db
    .updateTable("chain_invites")
    .set({
      status: "pending",
      genesis_hash: null,
      tx_hash: null,
      tx_nonce: null,
      raw_tx: null,
      from_address: null,
      attempts: 0,
      next_attempt_at: 0,
      last_error: null,
      updated_at: now,
    })
    .where("genesis_hash", "is not", null)
    .where("genesis_hash", "<>", genesis)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const select = (db: ReadDb) =>
  db
    .selectFrom("chain_invites as ci")
    .innerJoin("users as u", "u.id", "ci.user_id")
    .leftJoin("users as inv", "inv.id", "u.inviter_id")
    .select([
      "ci.user_id",
      "u.address",
      "u.inviter_id",
      "inv.address as inviter_address",
      "ci.status",
      "ci.genesis_hash",
      "ci.tx_hash",
      "ci.tx_nonce",
      "ci.raw_tx",
      "ci.from_address",
      "ci.attempts",
    ]);

type Selected = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

const toRow = (r: Selected): BindingRow => ({
  userId: BigInt(r.user_id),
  address: r.address as `0x${string}`,
  inviterId: r.inviter_id == null ? null : BigInt(r.inviter_id),
  inviterAddress: (r.inviter_address ?? null) as `0x${string}` | null,
  status: r.status,
  genesisHash: r.genesis_hash,
  txHash: r.tx_hash as `0x${string}` | null,
  txNonce: r.tx_nonce == null ? null : Number(r.tx_nonce),
  rawTx: r.raw_tx as `0x${string}` | null,
  fromAddress: r.from_address as `0x${string}` | null,
  attempts: Number(r.attempts),
});

/** Rows with a stored transaction on `genesis`, oldest first. */
export async function sentBindings(db: ReadDb, genesis: string): Promise<BindingRow[]> {
  const rows = await select(db)
    .where("ci.status", "=", "sent")
    .where("ci.genesis_hash", "=", genesis)
    .orderBy("ci.tx_nonce")
    .execute();
  return rows.map(toRow);
}

/**
 * Pending rows that are due, in tree order: fewest ancestors in the database first, so an
 * inviter comes before its invitees whatever order they registered in (then by user id).
 */
export async function dueBindings(db: Q, now: number, limit: number): Promise<BindingRow[]> {
  const { rows: depths } = await sql<{ user_id: bigint | number | string; depth: bigint | number | string }>`
    with recursive up(start_id, id, depth) as (
      select ci.user_id, u.inviter_id, 0
        from chain_invites ci join users u on u.id = ci.user_id
        where ci.status = 'pending' and ci.next_attempt_at <= ${now}
      union all
      select up.start_id, u.inviter_id, up.depth + 1
        from up join users u on u.id = up.id
        where up.depth < 1000
    )
    select start_id as user_id, max(depth) as depth from up group by start_id
    order by max(depth), start_id
    limit ${limit}`.execute(db);
  if (depths.length === 0) return [];
  const ids = depths.map((d) => BigInt(d.user_id));
  const rows = (await select(db).where("ci.user_id", "in", ids).execute()).map(toRow);
  const byId = new Map(rows.map((r) => [r.userId, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is BindingRow => r !== undefined && r.status === "pending");
}

/** The highest nonce stored for `from` on `genesis` (a stored transaction may not have reached the node). */
export async function highestStoredNonce(db: ReadDb, genesis: string, from: string): Promise<number | null> {
  const row = await db
    .selectFrom("chain_invites")
    .select((eb) => eb.fn.max("tx_nonce").as("n"))
    .where("status", "=", "sent")
    .where("genesis_hash", "=", genesis)
    .where("from_address", "=", from.toLowerCase())
    .executeTakeFirst();
  return row?.n == null ? null : Number(row.n);
}

/**
 * pending → sent with the signed transaction, before it is broadcast. False when the row is no
 * longer pending (another process took it): the signature is then thrown away unsent.
 */
export async function claimForSending(
  db: Q,
  userId: bigint,
  tx: { genesis: string; hash: string; nonce: number; raw: string; from: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("chain_invites")
    .set({
      status: "sent",
      genesis_hash: tx.genesis,
      tx_hash: tx.hash,
      tx_nonce: tx.nonce,
      raw_tx: tx.raw,
      from_address: tx.from.toLowerCase(),
      updated_at: now,
    })
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The chain holds the database's inviter: done on `genesis`. */
export async function markBound(db: Q, userId: bigint, genesis: string, now: number): Promise<void> {
  await db
    .updateTable("chain_invites")
    .set({ status: "bound", genesis_hash: genesis, last_error: null, next_attempt_at: 0, updated_at: now })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Back to pending, to be decided again from the chain's state at `nextAttemptAt`. `failed`
 * counts an attempt (the wait grows); waiting for an inviter does not.
 */
export async function retryLater(
  db: Q,
  userId: bigint,
  o: { genesis: string; nextAttemptAt: number; error: string; failed: boolean },
  now: number,
): Promise<void> {
  await db
    .updateTable("chain_invites")
    .set((eb) => ({
      status: "pending",
      genesis_hash: o.genesis,
      tx_hash: null,
      tx_nonce: null,
      raw_tx: null,
      from_address: null,
      attempts: o.failed ? eb("attempts", "+", 1) : eb.ref("attempts"),
      next_attempt_at: o.nextAttemptAt,
      last_error: o.error.slice(0, 256),
      updated_at: now,
    }))
    .where("user_id", "=", userId)
    .execute();
}

/** An inviter was just bound: its invitees waiting for it need not wait out their delay. */
export async function wakeInvitees(db: Q, inviterId: bigint): Promise<void> {
  await db
    .updateTable("chain_invites")
    .set({ next_attempt_at: 0 })
    .where("status", "=", "pending")
    .where("user_id", "in", (eb) => eb.selectFrom("users").select("id").where("inviter_id", "=", inviterId))
    .execute();
}

/** Where each of `userIds` stands on chain (for the team pages). */
export async function bindingStatuses(db: Q, userIds: bigint[]): Promise<Map<bigint, ChainInvitesTable["status"]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom("chain_invites").select(["user_id", "status"]).where("user_id", "in", userIds).execute();
  return new Map(rows.map((r) => [BigInt(r.user_id), r.status]));
}
