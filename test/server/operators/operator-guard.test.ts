import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { refused } from "../support/refused";
import { createTestApp } from "../support/test-app";
import { admin, adminRoutes, grantInDb, HARDHAT_0, operatorsApp, signIn, type OperatorsApp } from "./support";

let t: OperatorsApp;
beforeEach(async () => {
  t = await operatorsApp();
});
afterEach(async () => t.close());

describe("operator guard", () => {
  it("refuses a wallet without a role on every admin call (the routes read from the app), and a stale session with 401", async () => {
    const routes = await adminRoutes(t);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const nobody = await signIn(t.app);
    const before = await t.db.kysely.selectFrom("admin_audit").select("id").execute();
    for (const route of routes) {
      const r = await admin(t.app, route.method, route.path, { as: nobody });
      expect({ route, status: r.status, key: r.key }).toEqual({ route, status: 403, key: "admin.noRole" });
      const stale = await admin(t.app, route.method, route.path, { as: { ...nobody, session: "no-such-session" } });
      expect({ route, status: stale.status, key: stale.key }).toEqual({ route, status: 401, key: "api.relogin" });
    }
    expect(await t.db.kysely.selectFrom("admin_audit").select("id").execute()).toEqual(before);
  });

  it("separates roles: a reviewer reviews identity and bank but not products, an editor the reverse", async () => {
    const reviewer = await signIn(t.app);
    const editor = await signIn(t.app);
    const treasurer = await signIn(t.app);
    await grantInDb(t.db, reviewer.address, "reviewer");
    await grantInDb(t.db, editor.address, "editor");
    await grantInDb(t.db, treasurer.address, "treasurer");
    expect((await admin(t.app, "POST", "/auth/list", { as: reviewer })).code).toBe(0);
    expect((await admin(t.app, "POST", "/bank/list", { as: reviewer })).code).toBe(0);
    expect(await admin(t.app, "POST", "/product/list", { as: reviewer })).toMatchObject(
      refused(403, "admin.roleRequired", { roles: "editor" }),
    );
    expect((await admin(t.app, "POST", "/withdraw/list", { as: reviewer })).status).toBe(403);
    expect((await admin(t.app, "POST", "/product/list", { as: editor })).code).toBe(0);
    expect((await admin(t.app, "POST", "/auth/list", { as: editor })).status).toBe(403);
    expect((await admin(t.app, "POST", "/withdraw/list", { as: treasurer })).code).toBe(0);
    expect((await admin(t.app, "POST", "/notice/add", { as: treasurer, payload: { title: "x", contentHtml: "y" } })).status).toBe(
      403,
    );
  });

  it("makes Hardhat #0 the admin on the local chain, and only an admin: it reviews nothing until granted", async () => {
    const root = await signIn(t.app, HARDHAT_0);
    expect(await admin(t.app, "POST", "/auth/list", { as: root })).toMatchObject(
      refused(403, "admin.roleRequired", { roles: "reviewer" }),
    );
    await grantInDb(t.db, root.address, "reviewer");
    expect((await admin(t.app, "POST", "/auth/list", { as: root })).code).toBe(0);
  });

  it("keeps the shared token for scripts: reviewer and editor, never money or roles, refused when unset or wrong", async () => {
    for (const path of ["/auth/list", "/bank/list", "/product/list"])
      expect((await admin(t.app, "POST", path, { as: "token" })).code).toBe(0);
    expect((await admin(t.app, "GET", "/users", { as: "token", query: { q: "0x1234" } })).code).toBe(0);
    // Every treasurer's call says why the token is refused; the admin's calls need the role.
    const routes = await adminRoutes(t);
    const money = ["/withdraw/", "/settlement/", "/balance/", "/approvals"];
    const moneyRoutes = routes.filter((r) => money.some((prefix) => r.path.startsWith(prefix)));
    expect(moneyRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of moneyRoutes) {
      const r = await admin(t.app, route.method, route.path, { as: "token" });
      expect({ route, status: r.status, key: r.key }).toEqual({ route, status: 403, key: "admin.tokenNotTreasurer" });
    }
    expect(await admin(t.app, "GET", "/roles", { as: "token" })).toMatchObject(
      refused(403, "admin.roleRequired", { roles: "admin" }),
    );
    expect(await admin(t.app, "POST", "/auth/list", { headers: { "x-admin-token": "wrong-wrong-wrong-wrong" } })).toMatchObject(
      refused(401, "admin.badToken"),
    );
    await t.close();
    t = await createTestApp();
    expect(await admin(t.app, "POST", "/auth/list", { as: "token" })).toMatchObject(refused(403, "admin.disabled"));
  });

  it("reads ADMIN_ADDRESSES: validated, lowercased, Hardhat #0 only as the local default", () => {
    const a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(loadConfig({}, { ADMIN_ADDRESSES: ` ${a} ,${a.toLowerCase()}` }).adminAddresses).toEqual([a.toLowerCase()]);
    expect(loadConfig({}, {}).adminAddresses).toEqual([HARDHAT_0.address.toLowerCase()]);
    expect(loadConfig({}, { CHAIN_ID: "56" }).adminAddresses).toEqual([]);
    expect(() => loadConfig({}, { ADMIN_ADDRESSES: "0x1234" })).toThrow(/ADMIN_ADDRESSES/);
    expect(loadConfig({}, {}).withdrawRetryApprovalMicroUsdt).toBe(1_000_000_000n);
    expect(loadConfig({}, { WITHDRAW_RETRY_APPROVAL_USDT: "2.5" }).withdrawRetryApprovalMicroUsdt).toBe(2_500_000n);
  });
});
