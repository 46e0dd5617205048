import { describe, expect, it } from "vitest";
import { runEventPruningPass } from "../../../server/jobs/event-pruning";
import { appendEventInTrx } from "../../../server/modules/events/append-event";
import { post, SETUP_TIMEOUT_MS } from "../assets/support";
import { heldLease } from "../support/held-lease";
import { dataOf, eventsEnvPerTest, type EventsTestEnv } from "./support";

/**
 * The stream as an attacker meets it (docs/security.md, "Live updates"): one user's events never
 * reach another, whatever position they claim; the limits on open streams hold; a stream ends
 * with its session; a position older than the kept day is told to reload.
 */
const mark = (env: EventsTestEnv, userId: bigint, who: string, i: number) =>
  env.db.kysely
    .transaction()
    .execute((trx) =>
      appendEventInTrx(trx, userId, "payout", { recordId: String(i), status: "sent", txHash: who }, { now: Date.now() }),
    );

describe("live updates, one user's from another's", { timeout: SETUP_TIMEOUT_MS }, () => {
  const env = eventsEnvPerTest();

  it("100 events written in parallel for two users reach each owner's stream only, all of them, in order", async () => {
    const alice = await env.open(env.aliceToken);
    const bob = await env.open(env.bobToken);
    // Both already have events (the demo data's balances): positions start from their heads.
    const aliceStart = Number((await alice.next((m) => m.event === "ready")).id.split("-")[0]);
    const bobStart = Number((await bob.next((m) => m.event === "ready")).id.split("-")[0]);
    const writes = Array.from({ length: 100 }, (_, i) =>
      i % 10 < 7 ? mark(env, env.aliceId, "alice", i) : mark(env, env.bobId, "bob", i),
    );
    await Promise.all(writes);
    const payouts = (s: typeof alice) => s.messages.filter((m) => m.event === "payout");
    // Parallel transactions commit in any order (on PostgreSQL, truly so): wait for all of them,
    // not for the last one written.
    await expect.poll(() => payouts(alice).length, { timeout: 20_000 }).toBe(70);
    await expect.poll(() => payouts(bob).length, { timeout: 20_000 }).toBe(30);
    expect(payouts(alice).map((m) => dataOf(m).txHash)).toEqual(Array(70).fill("alice"));
    expect(payouts(bob).map((m) => dataOf(m).txHash)).toEqual(Array(30).fill("bob"));
    expect(payouts(alice).map((m) => m.id)).toEqual(Array.from({ length: 70 }, (_, i) => `${aliceStart + i + 1}-0`));

    // Bob claims a position of Alice's that is none of his (past his last event): he is told to
    // reload and given nothing of hers.
    const aliceLast = aliceStart + 70;
    expect(aliceLast).toBeGreaterThan(bobStart + 30);
    const spoofed = await env.open(env.bobToken, { lastEventId: `${aliceLast}-0` });
    await spoofed.next((m) => m.event === "reset");
    // A position he could hold gives him his own events after it, never hers.
    const resumed = await env.open(env.bobToken, { lastEventId: `${bobStart + 10}-0` });
    await resumed.next((m) => m.event === "payout" && m.id === `${bobStart + 30}-0`);
    await mark(env, env.aliceId, "alice", 100);
    await alice.next((m) => m.event === "payout" && dataOf(m).recordId === "100");
    for (const stream of [spoofed, resumed])
      expect(stream.messages.filter((m) => m.event === "payout").every((m) => dataOf(m).txHash === "bob")).toBe(true);
    expect(resumed.messages.filter((m) => m.event === "payout")).toHaveLength(20);
  });

  it("refuses a malformed Last-Event-ID, and a stream without a session", async () => {
    const bad = await env.open(env.aliceToken, { lastEventId: "1-0; 2-0" });
    expect(bad.status).toBe(400);
    expect(bad.refusal?.key).toBe("api.invalidInput");
    const anonymous = await env.open("");
    expect(anonymous.status).toBe(401);
  });

  it("tells a client resuming from before the kept day to reload, after the pruning job ran", async () => {
    const first = await env.open(env.aliceToken);
    await first.next((m) => m.event === "ready");
    await mark(env, env.aliceId, "alice", 1);
    const old = await first.next((m) => m.event === "payout");
    first.close();
    await mark(env, env.aliceId, "alice", 2);
    await mark(env, env.aliceId, "alice", 3);
    const dayAgo = Date.now() - 25 * 3600_000;
    await env.db.kysely.updateTable("user_events").set({ created_at: dayAgo }).where("user_id", "=", env.aliceId).execute();
    await mark(env, env.aliceId, "alice", 4);
    const pruned = await runEventPruningPass(await heldLease(env.db, "event-pruning"), env.config.eventRetentionMs);
    expect(pruned.events).toBeGreaterThanOrEqual(3n);
    const resumed = await env.open(env.aliceToken, { lastEventId: old.id });
    await resumed.next((m) => m.event === "payout" && dataOf(m).recordId === "4");
    expect(resumed.messages.map((m) => m.event)).toEqual(["ready", "reset", "payout"]);
  });
});

describe("live updates, limits and heartbeats", { timeout: SETUP_TIMEOUT_MS }, () => {
  const env = eventsEnvPerTest({ EVENT_STREAMS_PER_USER: "2", EVENT_STREAMS_PER_PROCESS: "3", EVENT_HEARTBEAT_MS: "200" });

  it("refuses a user's stream past their limit (429) and any past the process's (503), with the keys", async () => {
    const a1 = await env.open(env.aliceToken);
    const a2 = await env.open(env.aliceToken);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    const a3 = await env.open(env.aliceToken);
    expect(a3.status).toBe(429);
    expect(a3.refusal).toMatchObject({ code: 429, key: "events.tooManyStreams" });
    const b1 = await env.open(env.bobToken);
    expect(b1.status).toBe(200);
    const b2 = await env.open(env.bobToken);
    expect(b2.status).toBe(503);
    expect(b2.refusal).toMatchObject({ code: 503, key: "events.serverBusy" });
    // A closed stream frees its slot.
    a1.close();
    await a1.ended;
    let again = await env.open(env.aliceToken);
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await env.open(env.aliceToken);
    }
    expect(again.status).toBe(200);
  });

  it("beats every heartbeat, keeps its row alive, and ends when its session does", async () => {
    const stream = await env.open(env.aliceToken);
    await stream.next((m) => m.event === "ready");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stream.comments).toBeGreaterThanOrEqual(2);
    const row = await env.db.kysely.selectFrom("event_streams").selectAll().executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBeGreaterThan(Date.now());
    expect((await post(env.app, "/user/logout", env.aliceToken)).json().code).toBe(0);
    await stream.ended;
    // The server lets its row go once it has seen the stream end: a moment after the client.
    await expect.poll(() => env.db.kysely.selectFrom("event_streams").selectAll().execute(), { timeout: 5000 }).toEqual([]);
  });
});
