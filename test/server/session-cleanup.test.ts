import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { JobLeases } from "../../server/jobs/lease/job-leases";
import { startSessionCleanupJob } from "../../server/jobs/session-cleanup";
import { hashSessionToken } from "../../server/modules/auth/session-token";
import { getNonce, login, signedLogin } from "./support/siwe";
import { createTestApp } from "./support/test-app";

/** Issue 12, item 4: a job deletes expired sessions and nonces (and ended rate-limit windows). */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const alice = privateKeyToAccount(generatePrivateKey());
const info = (token: string) => t.app.inject({ method: "GET", url: "/base/api/user/info", headers: { token } });
const past = () => BigInt(Date.now() - 1);

describe("session clean-up job", () => {
  it("one pass deletes expired sessions, expired nonces and ended limit windows, and keeps live ones", async () => {
    const live = await login(t.app, alice);
    const expired = await login(t.app, alice);
    await t.db.kysely
      .updateTable("sessions")
      .set({ expires_at: past() })
      .where("token_hash", "=", hashSessionToken(expired))
      .execute();
    const liveNonce = await getNonce(t.app);
    const staleNonce = await getNonce(t.app);
    await t.db.kysely.updateTable("login_nonces").set({ expires_at: past() }).where("nonce", "=", staleNonce).execute();
    // A used nonce is gone at once: the login consumed it.
    expect(await t.db.kysely.selectFrom("login_nonces").select("nonce").orderBy("nonce").execute()).toEqual(
      [liveNonce, staleNonce].sort().map((nonce) => ({ nonce })),
    );
    await t.db.kysely
      .insertInto("rate_limits")
      .values([
        { key: "profile:1", points: 3, expire: Date.now() + 60_000 },
        { key: "profile:2", points: 3, expire: Date.now() - 1 },
      ])
      .execute();

    const leases = new JobLeases(t.db, { ttlMs: 15_000 });
    const job = startSessionCleanupJob({ runner: { leases }, intervalMs: 60_000, log: t.app.log })!;
    // The first pass runs as soon as the lease is taken; stopping waits for it.
    await vi.waitFor(async () => expect(await t.db.kysely.selectFrom("sessions").select("token_hash").execute()).toHaveLength(1));
    await job.stop();
    await leases.release();

    const sessions = await t.db.kysely.selectFrom("sessions").select("token_hash").execute();
    expect(sessions).toEqual([{ token_hash: hashSessionToken(live) }]);
    expect(await t.db.kysely.selectFrom("login_nonces").select("nonce").execute()).toEqual([{ nonce: liveNonce }]);
    // The sign-in calls above opened the client's live sign-in window.
    expect(await t.db.kysely.selectFrom("rate_limits").select("key").orderBy("key").execute()).toEqual([
      { key: "login:127.0.0.1" },
      { key: "nonce:127.0.0.1" },
      { key: "profile:1" },
    ]);

    // What stays still works; what went was refused before it went.
    expect((await info(live).then((r) => r.json())).code).toBe(0);
    expect((await info(expired)).statusCode).toBe(401);
    const body = await signedLogin(t.app, alice, { nonce: liveNonce });
    expect((await t.app.inject({ method: "POST", url: "/base/api/user/login", payload: body })).json().code).toBe(0);
  });

  it("is off with SESSION_CLEANUP_INTERVAL_MS=0", () => {
    const runner = { leases: new JobLeases(t.db, { ttlMs: 15_000 }) };
    expect(startSessionCleanupJob({ runner, intervalMs: 0, log: t.app.log })).toBeNull();
  });
});
