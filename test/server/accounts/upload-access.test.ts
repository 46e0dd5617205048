import fs from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, accountsApp, call, JPEG, newUser, PNG, type AccountsApp } from "./support";

/**
 * Who may read a stored image: identity and bank images only their owner and an operator, an
 * avatar anyone. Every attack is made over HTTP the way an attacker would: with another user's
 * session, with none, with a name seen elsewhere or guessed, with path tricks.
 */
let t: AccountsApp;
let owner: { token: string };
let other: { token: string };
beforeEach(async () => {
  t = await accountsApp();
  owner = await newUser(t.app);
  other = await newUser(t.app);
});
afterEach(async () => t.close());

/** Distinct bytes per upload, so a leak of one image's bytes in another reply is visible. */
const image = (tag: string) => Buffer.concat([PNG, Buffer.from(`IMAGE-BYTES-${tag}`)]);

async function upload(token: string, bytes: Buffer, purpose?: string): Promise<string> {
  const r = await call(t.app, "POST", "/user/upload/base64", {
    token,
    payload: { file: bytes.toString("base64"), ...(purpose ? { purpose } : {}) },
  });
  if (r.code !== 0) throw new Error(`upload failed: ${r.msg}`);
  return r.data as string;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const asUser = (token: string) => ({ token });
const asOperator = (token = ADMIN_TOKEN) => ({ "x-admin-token": token });

/** A refusal: the envelope with this code, JSON, and none of the image's bytes. */
function expectRefused(res: LightMyRequestResponse, status: number, bytes?: Buffer) {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ code: status, data: null });
  if (bytes) expect(res.rawPayload.includes(bytes.subarray(PNG.length))).toBe(false);
}

function expectPrivateImage(res: LightMyRequestResponse, bytes: Buffer) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/png");
  expect(res.rawPayload.equals(bytes)).toBe(true);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
}

describe.each([
  ["identity", undefined],
  ["identity", "identity"],
  ["bank", "bank"],
])("a %s image (purpose field: %s)", (_kind, purpose) => {
  it("is refused to another user's session (404, as if it did not exist) and to no session (401)", async () => {
    const bytes = image("secret");
    const location = await upload(owner.token, bytes, purpose);
    expectRefused(await get(location, asUser(other.token)), 404, bytes);
    expectRefused(await get(location), 401, bytes);
    expectRefused(await get(location, asUser("not-a-session-token")), 401, bytes);
    expectRefused(await get(location, asOperator("wrong-operator-token-0123456789")), 401, bytes);
    // A wrong operator token is not rescued by a session beside it, the owner's included.
    expectRefused(await get(location, { ...asOperator("wrong-operator-token-0123456789"), ...asUser(owner.token) }), 401, bytes);
    // HEAD reveals nothing either.
    expect((await t.app.inject({ method: "HEAD", url: location })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "HEAD", url: location, headers: asUser(other.token) })).statusCode).toBe(404);
  });

  it("is served to its owner and to an operator, never to be kept by a shared cache", async () => {
    const bytes = image("mine");
    const location = await upload(owner.token, bytes, purpose);
    expectPrivateImage(await get(location, asUser(owner.token)), bytes);
    expectPrivateImage(await get(location, asOperator()), bytes);
  });
});

describe("an avatar", () => {
  it("stays public, with the headers every served image had", async () => {
    const bytes = image("avatar");
    const location = await upload(owner.token, bytes, "avatar");
    for (const headers of [{}, asUser(other.token), asUser(owner.token)]) {
      const res = await get(location, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    }
  });
});

describe("names", () => {
  it("answers a guessed name exactly as another user's real one: nothing tells them apart", async () => {
    const location = await upload(owner.token, image("real"), "identity");
    const guessed = `/base/api/uploads/${"0123456789abcdef".repeat(2)}.png`;
    for (const url of [location, guessed]) {
      expectRefused(await get(url), 401);
      expectRefused(await get(url, asUser(other.token)), 404);
    }
    expect((await get(guessed, asUser(other.token))).json().msg).toBe((await get(location, asUser(other.token))).json().msg);
  });

  it("refuses a name taken from another user's application or reply, whatever the session", async () => {
    // The attacker learnt the owner's stored name (a shared screenshot, a log line, a proxy) and
    // tries it with their own session, with the other extensions and in another case.
    const bytes = image("leaked");
    const location = await upload(owner.token, bytes, "identity");
    const name = path.basename(location, ".png");
    for (const url of [location, `/base/api/uploads/${name}.jpg`, `/base/api/uploads/${name}.webp`, location.toUpperCase()]) {
      const res = await get(url, asUser(other.token));
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.rawPayload.includes(bytes.subarray(PNG.length)), url).toBe(false);
    }
    // A name of one of the attacker's own uploads does not open another's either.
    const mine = await upload(other.token, JPEG, "identity");
    expect((await get(mine, asUser(other.token))).statusCode).toBe(200);
    expectRefused(await get(location, asUser(other.token)), 404, bytes);
  });

  it("refuses path tricks, even to the owner and an operator, and never reads outside the folder", async () => {
    fs.writeFileSync(path.join(t.dataDir, "secret.txt"), "TOP-SECRET-CONTENT");
    const bytes = image("tricks");
    const location = await upload(owner.token, bytes, "identity");
    const name = path.basename(location);
    const base = name.slice(0, -".png".length);
    const urls = [
      "/base/api/uploads/../secret.txt",
      "/base/api/uploads/..%2fsecret.txt",
      "/base/api/uploads/..%252fsecret.txt",
      "/base/api/uploads/%2e%2e/secret.txt",
      "/base/api/uploads/%2e%2e%2fsecret.txt",
      "/base/api/uploads/..%5csecret.txt",
      `/base/api/uploads/x%2f..%2f${name}`,
      `/base/api/uploads/.%2f${name}`,
      `/base/api/uploads/${name}%00.png`,
      `/base/api/uploads/${name}.txt`,
      `/base/api/uploads/${name}%2f`,
      `/base/api/uploads/${base}.svg`,
      `/base/api/uploads/${base}.html`,
      `/base/api/uploads/${base}`,
      `/base/api/uploads/${base}.PNG`,
      "/base/api/uploads/",
    ];
    for (const headers of [{}, asUser(owner.token), asOperator()])
      for (const url of urls) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.body, url).not.toContain("TOP-SECRET-CONTENT");
        expect(res.rawPayload.includes(bytes.subarray(PNG.length)), url).toBe(false);
      }
  });
});
