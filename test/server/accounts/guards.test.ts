import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashSessionToken } from "../../../server/modules/auth/session-token";
import { ENDPOINTS } from "./endpoints";
import { accountsApp, call, newUser, snapshot, type AccountsApp } from "./support";

let t: AccountsApp;
beforeEach(async () => {
  t = await accountsApp();
});
afterEach(async () => t.close());

const userEndpoints = ENDPOINTS.filter((e) => e.auth === "user");

describe("sessions on every signed-in call of the accounts area", () => {
  it("answers 401 without a token, with an unknown one, an expired one and a revoked one, and changes nothing", async () => {
    const expired = await newUser(t.app);
    await t.db.kysely
      .updateTable("sessions")
      .set({ expires_at: BigInt(Date.now() - 1) })
      .where("token_hash", "=", hashSessionToken(expired.token))
      .execute();
    const revoked = await newUser(t.app);
    expect((await call(t.app, "POST", "/user/logout", { token: revoked.token })).code).toBe(0);
    const before = await snapshot(t.db.kysely);

    for (const e of userEndpoints) {
      for (const token of [undefined, "unknown-token", "x".repeat(500), expired.token, revoked.token]) {
        const r = await call(t.app, e.method, e.url, { token, payload: e.valid });
        expect(r.status, `${e.method} ${e.url} with ${token?.slice(0, 10)}`).toBe(401);
        expect(r).toMatchObject({ code: 401, key: "api.relogin", data: null });
      }
    }
    expect(await snapshot(t.db.kysely)).toEqual(before);
  });

  it("answers public calls without a token", async () => {
    expect((await call(t.app, "GET", "/home/city/list")).code).toBe(0);
    expect((await call(t.app, "POST", "/user/download")).code).toBe(0);
  });
});
