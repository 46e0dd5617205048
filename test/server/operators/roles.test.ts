import { afterEach, describe, expect, it } from "vitest";
import { approve as approveRequest } from "../../../server/modules/approvals/approval.service";
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

  it("never revokes the last admin, also when two revocations are approved at once", async () => {
    // Off the local chain with no ADMIN_ADDRESSES: every admin is a row.
    t = await operatorsApp({ CHAIN_ID: "56" });
    const a = await signIn(t.app, undefined, 56);
    const b = await signIn(t.app, undefined, 56);
    const c = await signIn(t.app, undefined, 56);
    for (const w of [a, b, c]) await grantInDb(t.db, w.address, "admin");
    const revoke = async (as: typeof a, target: typeof a) => {
      const filed = await admin(t.app, "POST", "/roles/revoke", { as, payload: { address: target.address, role: "admin" } });
      expect(filed.data).toMatchObject({
        status: "AwaitingApproval",
        approval: { kind: "role.revoke", requestedBy: as.address },
      });
      return filed.data.approval.id as number;
    };
    const approve = (as: typeof a, id: number) => admin(t.app, "POST", `/approvals/${id}/approve`, { as });
    // With two admins or more, revoking admin is a request another admin approves.
    expect((await approve(b, await revoke(a, c))).code).toBe(0);
    // A and B ask to revoke each other, and each approves the request against itself at once (the
    // target may approve): the loser finds the other's revocation waiting on the lock, never both.
    const [ofB, ofA] = [await revoke(a, b), await revoke(b, a)];
    const both = await Promise.all([approve(b, ofB), approve(a, ofA)]);
    expect(both.filter((r) => r.code === 0)).toHaveLength(1);
    expect(both.find((r) => r.code !== 0)).toMatchObject(refused(409, "roles.lastAdmin"));
    const admins = () => t.db.kysely.selectFrom("operator_roles").select("address").where("role", "=", "admin").execute();
    const left = await admins();
    expect(left).toHaveLength(1);
    const last = left[0]!.address === a.address ? a : b;
    // The refused request stays pending; the one admin left cannot revoke itself either.
    expect((await admin(t.app, "GET", "/approvals", { as: last, query: { status: "pending" } })).data.total).toBe(1);
    expect(
      await admin(t.app, "POST", "/roles/revoke", { as: last, payload: { address: last.address, role: "admin" } }),
    ).toMatchObject(refused(409, "roles.lastAdmin"));

    // Past the guards, inside the services: both approvals race for the admin grants' lock.
    const other = last === a ? b : a;
    await grantInDb(t.db, other.address, "admin");
    const audit = async () => undefined;
    const file = async (by: typeof a, target: typeof a) => {
      const filed = await revokeRole(t.db.kysely, t.config, by.address, { address: target.address, role: "admin" }, audit);
      if (!("approval" in filed)) throw new Error("the revocation was not filed");
      return BigInt(filed.approval.id);
    };
    const [ofOther, ofLast] = [await file(last, other), await file(other, last)];
    const raced = await Promise.allSettled([
      approveRequest(t.db.kysely, ofOther, { name: other.address, roles: ["admin"] }, audit, t.config),
      approveRequest(t.db.kysely, ofLast, { name: last.address, roles: ["admin"] }, audit, t.config),
    ]);
    expect(raced.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = raced.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ refusal: { key: "roles.lastAdmin" } });
    expect(await admins()).toHaveLength(1);
  });
});
