import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Db } from "../../server/db/database";
import { hashSessionToken } from "../../server/modules/auth/session-token";
import { getNonce, login, signedLogin } from "./support/siwe";
import { createTestApp } from "./support/test-app";
import { refused } from "./support/refused";

const alice = privateKeyToAccount(generatePrivateKey());
const mallory = privateKeyToAccount(generatePrivateKey());

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ app, db, close } = await createTestApp());
});
afterEach(async () => close());

const sessionCount = async () =>
  Number(
    (
      await db.kysely
        .selectFrom("sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const userCount = async () =>
  Number(
    (
      await db.kysely
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("Sign-In with Ethereum", () => {
  it("issues distinct one-time nonces", async () => {
    const a = await getNonce(app);
    const b = await getNonce(app);
    expect(a).toMatch(/^[A-Za-z0-9]{8,}$/);
    expect(a).not.toBe(b);
  });

  it("creates the user on first sign-in and answers a session token stored only as its hash", async () => {
    const body = await signedLogin(app, alice);
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.code).toBe(0);
    expect(json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(json.data.userInfo).toMatchObject({
      address: alice.address.toLowerCase(),
      type: 1,
      amountCny: "0",
      amountUsdt: "0",
      withdrawUsdt: "0",
    });
    expect(json.data.userInfo.invitation).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);

    const sessions = await db.kysely.selectFrom("sessions").selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toBe(hashSessionToken(json.data.token));
    expect(sessions[0]!.token_hash).not.toContain(json.data.token);
    expect(sessions[0]!.device_id).toBe("device-0001");
  });

  it("signs the same address in again without creating a second user", async () => {
    await login(app, alice);
    await login(app, alice);
    expect(await userCount()).toBe(1);
    expect(await sessionCount()).toBe(2);
  });

  it("refuses a replayed login (same message and signature) and creates no session", async () => {
    const body = await signedLogin(app, alice);
    expect((await app.inject({ method: "POST", url: "/base/api/user/login", payload: body })).json().code).toBe(0);
    const replay = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(refused(401, "signIn.nonceUsed"));
    expect(await sessionCount()).toBe(1);
  });

  it("refuses concurrent logins with one nonce except one", async () => {
    const body = await signedLogin(app, alice);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ method: "POST", url: "/base/api/user/login", payload: body })),
    );
    expect(results.filter((r) => r.json().code === 0)).toHaveLength(1);
    expect(await sessionCount()).toBe(1);
  });

  it("refuses a message for another domain", async () => {
    const body = await signedLogin(app, alice, { domain: "evil.example" });
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(res.json()).toMatchObject({
      code: 401,
      msg: "Sign-in message is for another domain: evil.example",
      key: "signIn.wrongDomain",
    });
    expect(await sessionCount()).toBe(0);
    expect(await userCount()).toBe(0);
  });

  it("refuses a message for another chain", async () => {
    const body = await signedLogin(app, alice, { chainId: 1 });
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(res.json()).toMatchObject({ code: 401, msg: "Sign-in message is for another chain: 1", key: "signIn.wrongChain" });
    expect(await sessionCount()).toBe(0);
  });

  it("refuses an expired nonce", async () => {
    const nonce = await getNonce(app);
    await db.kysely
      .updateTable("login_nonces")
      .set({ expires_at: BigInt(Date.now() - 1) })
      .where("nonce", "=", nonce)
      .execute();
    const body = await signedLogin(app, alice, { nonce });
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(res.json()).toMatchObject({ code: 401, key: "signIn.nonceUsed" });
    expect(await sessionCount()).toBe(0);
  });

  it("refuses a nonce the server never issued", async () => {
    const body = await signedLogin(app, alice, { nonce: "madeUpNonce12345" });
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(res.json().code).toBe(401);
    expect(await sessionCount()).toBe(0);
  });

  it("refuses a message past its expiration time", async () => {
    const body = await signedLogin(app, alice, { expirationTime: new Date(Date.now() - 1000) });
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: body });
    expect(res.json()).toMatchObject({ code: 401, key: "signIn.messageExpired" });
  });

  it("refuses a bad signature without burning the nonce", async () => {
    const body = await signedLogin(app, alice);
    const forged = { ...body, signature: await mallory.signMessage({ message: body.message }) };
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: forged });
    expect(res.json()).toMatchObject({ code: 401, key: "signIn.badSignature" });
    expect(await sessionCount()).toBe(0);
    // The genuine signer can still use the nonce.
    expect((await app.inject({ method: "POST", url: "/base/api/user/login", payload: body })).json().code).toBe(0);
  });

  it("validates the body: missing, malformed and extra fields get 400 with a clear msg", async () => {
    const body = await signedLogin(app, alice);
    const cases = [
      { message: body.message, signature: body.signature },
      { ...body, signature: "0x1234" },
      { ...body, deviceId: "x".repeat(500) },
      { ...body, admin: true },
      { ...body, message: "hello" },
    ];
    for (const payload of cases) {
      const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().msg).toMatch(/\S/);
      expect(res.json().data).toBeNull();
    }
    const notJson = await app.inject({
      method: "POST",
      url: "/base/api/user/login",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe(400);
    expect(await sessionCount()).toBe(0);
  });

  it("rate-limits sign-in calls", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push((await limited.app.inject({ method: "GET", url: "/base/api/user/nonce" })).json().code);
      expect(codes).toEqual([0, 0, 0, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("sign-in message time and origin (issue 12, item 4)", () => {
  const tryLogin = async (opts: Parameters<typeof signedLogin>[2]) => {
    const res = await app.inject({ method: "POST", url: "/base/api/user/login", payload: await signedLogin(app, alice, opts) });
    return res.json();
  };

  it("refuses a message dated in the future beyond the allowed clock skew", async () => {
    expect(await tryLogin({ issuedAt: new Date(Date.now() + 10 * 60_000) })).toMatchObject({
      code: 401,
      key: "signIn.futureMessage",
    });
    expect(await sessionCount()).toBe(0);
    // Within the skew a slightly fast clock still signs in.
    expect((await tryLogin({ issuedAt: new Date(Date.now() + 30_000) })).code).toBe(0);
  });

  it("refuses a message dated before its nonce was issued, and leaves the nonce usable", async () => {
    const nonce = await getNonce(app);
    // A message prepared (and signed) earlier, then given a fresh nonce: not what the wallet showed now.
    expect(await tryLogin({ nonce, issuedAt: new Date(Date.now() - 10 * 60_000) })).toMatchObject({
      code: 401,
      key: "signIn.messageBeforeNonce",
    });
    expect(await sessionCount()).toBe(0);
    expect((await tryLogin({ nonce })).code).toBe(0);
  });

  it("answers the nonce's issue time, and a message dated exactly then signs in", async () => {
    const res = (await app.inject({ method: "GET", url: "/base/api/user/nonce" })).json();
    expect(res.data.issuedAt).toBeLessThanOrEqual(Date.now());
    expect(res.data.expiresAt - res.data.issuedAt).toBe(300_000);
    expect((await tryLogin({ nonce: res.data.nonce, issuedAt: new Date(res.data.issuedAt) })).code).toBe(0);
  });

  it("refuses a uri whose origin is not the web app's, and takes http and https of an allowed host", async () => {
    for (const uri of [
      "https://evil.example",
      "http://app.test:5174/",
      "https://app.test.evil.example:5173",
      "ftp://app.test:5173",
    ]) {
      expect(await tryLogin({ uri }), uri).toMatchObject({ code: 401, msg: `Sign-in message is for another origin: ${uri}` });
    }
    expect(await sessionCount()).toBe(0);
    expect((await tryLogin({ uri: "https://app.test:5173" })).code).toBe(0);
    expect((await tryLogin({ uri: "http://app.test:5173/pages/login/login" })).code).toBe(0);
  });
});

describe("sessions", () => {
  it("answers the user info of the token's user", async () => {
    const token = await login(app, alice);
    const res = await app.inject({ method: "GET", url: "/base/api/user/info", headers: { token } });
    expect(res.json()).toMatchObject({ code: 0, data: { address: alice.address.toLowerCase(), inviter: null } });
    expect(Object.keys(res.json().data).sort()).toEqual([
      "address",
      "amountCny",
      "amountUsdt",
      "avatar",
      "bankStatus",
      "debtUsdt",
      "email",
      "fundPasswordSet",
      "identityStatus",
      "invitation",
      "inviter",
      "nickname",
      "registered",
      "type",
      "withdrawUsdt",
    ]);
  });

  it("answers 401 without a token, with an unknown token and with an expired one", async () => {
    const token = await login(app, alice);
    expect((await app.inject({ method: "GET", url: "/base/api/user/info" })).json()).toMatchObject({ code: 401 });
    expect((await app.inject({ method: "GET", url: "/base/api/user/info", headers: { token: "nope" } })).json().code).toBe(401);
    await db.kysely
      .updateTable("sessions")
      .set({ expires_at: BigInt(Date.now() - 1) })
      .execute();
    const expired = await app.inject({ method: "GET", url: "/base/api/user/info", headers: { token } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(401);
  });

  it("revokes the token on logout, leaving the user's other sessions alive", async () => {
    const first = await login(app, alice);
    const second = await login(app, alice);
    expect((await app.inject({ method: "POST", url: "/base/api/user/logout", headers: { token: first } })).json().code).toBe(0);
    expect((await app.inject({ method: "GET", url: "/base/api/user/info", headers: { token: first } })).json().code).toBe(401);
    expect((await app.inject({ method: "GET", url: "/base/api/user/info", headers: { token: second } })).json().code).toBe(0);
  });
});

describe("envelope", () => {
  it("answers an unknown call with a 404 envelope", async () => {
    const res = await app.inject({ method: "GET", url: "/base/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refused(404, "api.noSuchCall", { method: "GET", path: "/base/api/nope" }));
    expect(res.json().msg).toBe("No such call: GET /base/api/nope");
  });
});
