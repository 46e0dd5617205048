import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NICKNAME_ADDRESSES } from "../../../domain/api/lottery";
import { accountsApp, call, newUser, type AccountsApp } from "../accounts/support";

let t: AccountsApp;
let named: { token: string; address: string };
let unnamed: { token: string; address: string };
beforeAll(async () => {
  t = await accountsApp();
  named = await newUser(t.app);
  unnamed = await newUser(t.app);
  expect((await call(t.app, "POST", "/user/edit", { token: named.token, payload: { nickname: "Lucky 七" } })).code).toBe(0);
});
afterAll(async () => t.close());

const lookup = (query: string) => call(t.app, "GET", `/lottery/nicknames${query}`);

describe("GET /base/api/lottery/nicknames", () => {
  it("answers the nicknames of known addresses, any case, without a session", async () => {
    const r = await lookup(
      `?addresses=${named.address.toUpperCase().replace("0X", "0x")},${unnamed.address},${"0x" + "1".repeat(40)}`,
    );
    expect(r).toMatchObject({ code: 0, data: { list: [{ address: named.address.toLowerCase(), nickname: "Lucky 七" }] } });
    // A changed nickname shows at once.
    await call(t.app, "POST", "/user/edit", { token: named.token, payload: { nickname: "Renamed" } });
    expect((await lookup(`?addresses=${named.address}`)).data.list[0].nickname).toBe("Renamed");
    await call(t.app, "POST", "/user/edit", { token: named.token, payload: { nickname: "Lucky 七" } });
  });

  it(`refuses a missing list, bad addresses, extra fields and more than ${MAX_NICKNAME_ADDRESSES} addresses`, async () => {
    const many = Array.from({ length: MAX_NICKNAME_ADDRESSES + 1 }, (_, i) => "0x" + i.toString(16).padStart(40, "0")).join(",");
    for (const q of ["", "?addresses=", "?addresses=0x12", `?addresses=${named.address}&x=1`, `?addresses=${many}`]) {
      const r = await lookup(q);
      expect(r.status).toBe(400);
      expect(r.code).toBe(400);
      expect(r.msg).toMatch(/addresses|x/);
    }
  });

  it("never answers a 5xx nor changes a user, whatever the query (fuzz)", async () => {
    const before = JSON.stringify(await t.db.kysely.selectFrom("users").selectAll().orderBy("id").execute(), (_, v) =>
      typeof v === "bigint" ? v.toString() : v,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 3000 }),
          fc.constantFrom(
            "' or 1=1 --",
            "<script>alert(1)</script>",
            "../../etc/passwd",
            "0x" + "f".repeat(40) + ",' drop table users",
          ),
          fc
            .array(
              fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => "0x" + Buffer.from(b).toString("hex")),
              { maxLength: 60 },
            )
            .map((a) => a.join(",")),
        ),
        async (value) => {
          const res = await t.app.inject({ method: "GET", url: "/base/api/lottery/nicknames", query: { addresses: value } });
          expect(res.statusCode).toBeLessThan(500);
          const json = res.json();
          if (json.code !== 0) expect(json.msg).toMatch(/\S/);
        },
      ),
      { numRuns: 60 },
    );
    const after = JSON.stringify(await t.db.kysely.selectFrom("users").selectAll().orderBy("id").execute(), (_, v) =>
      typeof v === "bigint" ? v.toString() : v,
    );
    expect(after).toBe(before);
  });
});
