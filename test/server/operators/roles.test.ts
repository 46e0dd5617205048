import { afterEach, describe, expect, it } from "vitest";
import { revokeRole } from "../../../server/modules/operators/roles.service";
import { refused } from "../support/refused";
import {
  admin,
  auditRows,
  grantInDb,
  HARDHAT_0,
  operatorsApp,
  pendingIdentity,
  PRODUCT,
  signIn,
  type OperatorsApp,
} from "./support";

let t: OperatorsApp;
afterEach(async () => t.close());

describe("roles", () => {
  it("lets the configured admin grant reviewer: the reviewer reviews identity but not products, each step audited", async () => {
    t = await operatorsApp();
    const root = await signIn(t.app, HARDHAT_0);
    const wallet = await signIn(t.app);
    expect(await admin(t.app, "GET", "/me", { as: root })).toMatchObject({
      code: 0,
      data: { operator: root.address, roles: ["admin"], configuredAdmin: true },
    });
    expect(await admin(t.app, "GET", "/me", { as: wallet })).toMatchObject(refused(403, "admin.noRole"));

    const granted = await admin(t.app, "POST", "/roles/grant", {
      as: root,
      payload: { address: wallet.account.address, role: "reviewer" },
    });
    expect(granted).toMatchObject({ code: 0, data: { address: wallet.address, role: "reviewer", grantedBy: root.address } });
    expect((await admin(t.app, "GET", "/me", { as: wallet })).data).toEqual({
      operator: wallet.address,
      roles: ["reviewer"],
      configuredAdmin: false,
    });
    const applicant = await signIn(t.app);
    const id = await pendingIdentity(t.db, applicant.address);
    expect((await admin(t.app, "POST", `/auth/review/${id}`, { as: wallet, payload: { status: "approved" } })).code).toBe(0);
    expect(await admin(t.app, "POST", "/product/add", { as: wallet, payload: PRODUCT })).toMatchObject(
      refused(403, "admin.roleRequired", { roles: "editor" }),
    );
    // A reviewer grants nothing, and neither does the script token.
    for (const as of [wallet, "token"] as const)
      expect(
        await admin(t.app, "POST", "/roles/grant", { as, payload: { address: wallet.address, role: "editor" } }),
      ).toMatchObject(refused(403, "admin.roleRequired", { roles: "admin" }));

    expect((await admin(t.app, "GET", "/roles", { as: root })).data).toEqual([
      { address: root.address, role: "admin", grantedBy: "config", grantedAt: null },
      { address: wallet.address, role: "reviewer", grantedBy: root.address, grantedAt: expect.any(Number) },
    ]);
    expect((await auditRows(t.db)).map((r) => [r.operator, r.action, r.target])).toEqual([
      [root.address, "role.grant", `operator:${wallet.address}`],
      [wallet.address, "identity.review", `identity:${id}`],
    ]);

    const revoked = await admin(t.app, "POST", "/roles/revoke", {
      as: root,
      payload: { address: wallet.address, role: "reviewer" },
    });
    expect(revoked.code).toBe(0);
    expect(await admin(t.app, "POST", "/auth/list", { as: wallet })).toMatchObject(refused(403, "admin.noRole"));
    expect((await auditRows(t.db)).at(-1)).toMatchObject({ operator: root.address, action: "role.revoke", after_json: null });
  });

  it("refuses a grant held already, a revoke of a role not held, a configured admin's revoke and bad input", async () => {
    t = await operatorsApp();
    const root = await signIn(t.app, HARDHAT_0);
    const other = await signIn(t.app);
    const change = (path: string, payload: unknown) => admin(t.app, "POST", `/roles/${path}`, { as: root, payload });
    expect((await change("grant", { address: other.address, role: "editor" })).code).toBe(0);
    expect(await change("grant", { address: other.address.toUpperCase().replace("0X", "0x"), role: "editor" })).toMatchObject(
      refused(409, "roles.alreadyHeld", { address: other.address, role: "editor" }),
    );
    expect(await change("grant", { address: root.address, role: "admin" })).toMatchObject({
      code: 409,
      key: "roles.alreadyHeld",
    });
    expect(await change("revoke", { address: other.address, role: "treasurer" })).toMatchObject(
      refused(404, "roles.notHeld", { address: other.address, role: "treasurer" }),
    );
    expect(await change("revoke", { address: root.address, role: "admin" })).toMatchObject(refused(409, "roles.configuredAdmin"));
    for (const payload of [
      { address: "0x1234", role: "editor" },
      { address: other.address, role: "owner" },
      { address: other.address },
      { address: other.address, role: "editor", extra: 1 },
    ])
      expect((await change("grant", payload)).key).toBe("api.invalidInput");
  });

  it("never revokes the last admin, also when two admins revoke each other at once", async () => {
    // Off the local chain with no ADMIN_ADDRESSES: every admin is a row.
    t = await operatorsApp({ CHAIN_ID: "56" });
    const a = await signIn(t.app, undefined, 56);
    const b = await signIn(t.app, undefined, 56);
    const c = await signIn(t.app, undefined, 56);
    for (const w of [a, b, c]) await grantInDb(t.db, w.address, "admin");
    const revoke = (as: typeof a, target: typeof a) =>
      admin(t.app, "POST", "/roles/revoke", { as, payload: { address: target.address, role: "admin" } });
    expect((await revoke(a, c)).code).toBe(0);
    // The loser finds either its own role gone (403, when the winner committed before its call
    // began) or the other admin's revocation waiting on the lock (409): never both revoked.
    const both = await Promise.all([revoke(a, b), revoke(b, a)]);
    expect(both.filter((r) => r.code === 0)).toHaveLength(1);
    expect(both.find((r) => r.code !== 0)?.key).toMatch(/^(roles\.lastAdmin|admin\.noRole)$/);
    const admins = () => t.db.kysely.selectFrom("operator_roles").select("address").where("role", "=", "admin").execute();
    const left = await admins();
    expect(left).toHaveLength(1);
    const last = left[0]!.address === a.address ? a : b;
    expect(await revoke(last, last)).toMatchObject(refused(409, "roles.lastAdmin"));

    // Past the guard, inside the service: both transactions race for the admin grants' lock.
    const other = last === a ? b : a;
    await grantInDb(t.db, other.address, "admin");
    const audit = async () => undefined;
    const raced = await Promise.allSettled(
      [last, other].map((w) => revokeRole(t.db.kysely, t.config, { address: w.address, role: "admin" }, audit)),
    );
    expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = raced.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ refusal: { key: "roles.lastAdmin" } });
    expect(await admins()).toHaveLength(1);
  });
});
