import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/**
 * Everyone below `userId` in the invitation tree with their depth (1 = invited directly). The
 * tree has no cycles (registration refuses them); the depth bound is a second guard.
 */
const teamCte = (userId: bigint) => sql`
  with recursive team(id, level) as (
    select id, 1 from users where inviter_id = ${userId}
    union all
    select u.id, t.level + 1 from users u join team t on u.inviter_id = t.id where t.level < 1000
  )`;

/** Sums come back as bigint (SQLite) or numeric strings (PostgreSQL): both read exactly by BigInt. */
const toBigInt = (v: unknown) => BigInt(String(v ?? 0));

export async function directInvitees(db: Q, userId: bigint, offset: number, limit: number) {
  const base = db.selectFrom("users").where("inviter_id", "=", userId);
  const [rows, total] = await Promise.all([
    base
      .select(["id", "address", "nickname", "registered_at", "created_at"])
      .orderBy("id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function teamSummary(
  db: Q,
  userId: bigint,
): Promise<{ directCount: number; teamSize: number; performance: bigint }> {
  const { rows } = await sql<{ team_size: unknown; direct_count: unknown; performance: unknown }>`
    ${teamCte(userId)}
    select
      (select count(*) from team) as team_size,
      (select count(*) from team where level = 1) as direct_count,
      (select coalesce(sum(o.principal_usdt), 0) from orders o join team t on o.user_id = t.id) as performance`.execute(db);
  const row = rows[0]!;
  return { directCount: Number(row.direct_count), teamSize: Number(row.team_size), performance: toBigInt(row.performance) };
}

export interface TeamMemberRow {
  address: string;
  nickname: string | null;
  level: number;
  registeredAt: number;
  performance: bigint;
}

export async function teamMembers(db: Q, userId: bigint, level: number | undefined, offset: number, limit: number) {
  const levelFilter = level === undefined ? sql`` : sql`where t.level = ${level}`;
  const [page, count] = await Promise.all([
    sql<{
      address: string;
      nickname: string | null;
      level: unknown;
      registered_at: unknown;
      created_at: unknown;
      performance: unknown;
    }>`
      ${teamCte(userId)}
      select u.address, u.nickname, t.level, u.registered_at, u.created_at,
        (select coalesce(sum(o.principal_usdt), 0) from orders o where o.user_id = u.id) as performance
      from team t join users u on u.id = t.id
      ${levelFilter}
      order by t.level, u.id
      limit ${limit} offset ${offset}`.execute(db),
    sql<{ n: unknown }>`${teamCte(userId)} select count(*) as n from team t ${levelFilter}`.execute(db),
  ]);
  const list: TeamMemberRow[] = page.rows.map((r) => ({
    address: r.address,
    nickname: r.nickname,
    level: Number(r.level),
    registeredAt: Number(r.registered_at ?? r.created_at),
    performance: toBigInt(r.performance),
  }));
  return { list, total: Number(count.rows[0]!.n) };
}
