import { afterEach, describe, expect, it } from "vitest";
import { requestApproval } from "../../../server/modules/approvals/approval.service";
import { refused } from "../support/refused";
import { admin, auditRows, grantInDb, HARDHAT_0, operatorsApp, signIn, type OperatorsApp, type Wallet } from "./support";

/*
 * The four-eyes rule against one person acting alone: the shared token files no money request
 * (it names nobody, so its requester could approve it with their own wallet), nobody approves
 * their own request, and with two admins or more a grant of treasurer or admin, and a revocation
 * of admin, waits for a second admin. Each attack is made over HTTP, as an operator would.
 */

let t: OperatorsApp;
afterEach(async () => t.close());

const userIdOf = async (w: Wallet) =>
  Number((await t.db.kysely.selectFrom("users").select("id").where("address", "=", w.address).executeTakeFirstOrThrow()).id);
const usdtOf = async (id: number) =>
  (await t.db.kysely.selectFrom("users").select("amount_usdt").where("id", "=", BigInt(id)).executeTakeFirstOrThrow())
    .amount_usdt;
const rolesOf = async (address: string) =>
  (await t.db.kysely.selectFrom("operator_roles").select("role").where("address", "=", address).execute()).map((r) => r.role);

describe("four-eyes: money requests", () => {
  it("refuses a balance adjustment filed with the shared token, so its holder cannot approve it with their wallet", async () => {
    t = await operatorsApp();
    const treasurer = await signIn(t.app);
    await grantInDb(t.db, treasurer.address, "treasurer");
    const userId = await userIdOf(treasurer);
    const filed = await admin(t.app, "POST", "/balance/adjust", {
      as: "token",
      payload: { userId, currency: "USDT", delta: "999999000000", reason: "goodwill" },
    });
    expect(filed).toMatchObject(refused(403, "admin.tokenNotTreasurer"));
    // Had a request slipped through, approving it with the same person's wallet must not pay.
    const list = await admin(t.app, "GET", "/approvals", { as: treasurer });
    for (const item of list.data?.list ?? [])
      await admin(t.app, "POST", `/approvals/${item.id as number}/approve`, { as: treasurer });
    expect(await usdtOf(userId)).toBe(0n);
    expect(await auditRows(t.db)).toEqual([]);
  });

  it("files no request of any kind under the token's name, past the routes' guards too", async () => {
    t = await operatorsApp();
    const audit = async () => undefined;
    await expect(
      requestApproval(
        t.db.kysely,
        {
          kind: "balance.adjust",
          target: "user:1",
          payload: { userId: 1, currency: "USDT", delta: "1", reason: "x" },
          requestedBy: "token",
        },
        audit,
      ),
    ).rejects.toMatchObject({ refusal: { key: "admin.walletOnly" } });
    expect(await t.db.kysely.selectFrom("operator_approvals").selectAll().execute()).toEqual([]);
  });

  it("never carries out a request the token filed before the change: it can only be rejected", async () => {
    t = await operatorsApp();
    const treasurer = await signIn(t.app);
    await grantInDb(t.db, treasurer.address, "treasurer");
    const userId = await userIdOf(treasurer);
    const row = await t.db.kysely
      .insertInto("operator_approvals")
      .values({
        kind: "balance.adjust",
        target: `user:${userId}`,
        payload: JSON.stringify({ userId, currency: "USDT", delta: "999999000000", reason: "goodwill" }),
        requested_by: "token",
        requested_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: treasurer })).toMatchObject(
      refused(403, "approvals.filedByToken"),
    );
    expect(await usdtOf(userId)).toBe(0n);
    expect(await admin(t.app, "POST", `/approvals/${id}/reject`, { as: treasurer })).toMatchObject({
      code: 0,
      data: { status: "rejected", decidedBy: treasurer.address },
    });
  });

  it("refuses a treasurer approving their own request, whatever the case of the recorded address", async () => {
    t = await operatorsApp();
    const treasurer = await signIn(t.app);
    await grantInDb(t.db, treasurer.address, "treasurer");
    const userId = await userIdOf(treasurer);
    const own = await admin(t.app, "POST", "/balance/adjust", {
      as: treasurer,
      payload: { userId, currency: "USDT", delta: "999999000000", reason: "goodwill" },
    });
    expect(own).toMatchObject({ code: 0, data: { status: "pending", requestedBy: treasurer.address } });
    expect(await admin(t.app, "POST", `/approvals/${own.data.id as number}/approve`, { as: treasurer })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    // A request recorded under the checksummed spelling of the same wallet.
    const row = await t.db.kysely
      .insertInto("operator_approvals")
      .values({
        kind: "balance.adjust",
        target: `user:${userId}`,
        payload: JSON.stringify({ userId, currency: "USDT", delta: "1", reason: "goodwill" }),
        requested_by: treasurer.account.address,
        requested_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await admin(t.app, "POST", `/approvals/${Number(row.id)}/approve`, { as: treasurer })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    expect(await usdtOf(userId)).toBe(0n);
  });

  it("records in the audit who asked for an adjustment and who approved it", async () => {
    t = await operatorsApp();
    const [asker, approver] = [await signIn(t.app), await signIn(t.app)];
    for (const w of [asker, approver]) await grantInDb(t.db, w.address, "treasurer");
    const id = (
      await admin(t.app, "POST", "/balance/adjust", {
        as: asker,
        payload: { userId: await userIdOf(approver), currency: "USDT", delta: "5", reason: "refund" },
      })
    ).data.id as number;
    expect((await admin(t.app, "POST", `/approvals/${id}/approve`, { as: approver })).code).toBe(0);
    const rows = await auditRows(t.db);
    expect(rows.map((r) => [r.operator, r.action])).toEqual([
      [asker.address, "approval.request"],
      [approver.address, "balance.adjust"],
      [approver.address, "approval.approve"],
    ]);
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ approval: id, requestedBy: asker.address });
    expect(JSON.parse(rows[2]!.after_json!)).toMatchObject({ requestedBy: asker.address, decidedBy: approver.address });
    const listed = await admin(t.app, "GET", "/audit", { as: approver, query: { target: `approval:${id}` } });
    expect(listed.data.list.map((e: { operator: string; action: string }) => [e.operator, e.action])).toEqual([
      [approver.address, "approval.approve"],
      [asker.address, "approval.request"],
    ]);
  });
});

describe("four-eyes: grants of treasurer and admin", () => {
  it("with two admins, files a grant of treasurer for a second admin: its requester cannot approve it", async () => {
    t = await operatorsApp();
    const first = await signIn(t.app, HARDHAT_0); // configured admin
    const second = await signIn(t.app);
    const accomplice = await signIn(t.app);
    await grantInDb(t.db, second.address, "admin");
    const asked = await admin(t.app, "POST", "/roles/grant", {
      as: first,
      payload: { address: accomplice.address, role: "treasurer" },
    });
    expect(asked).toMatchObject({
      code: 0,
      data: {
        status: "AwaitingApproval",
        approval: {
          kind: "role.grant",
          target: `operator:${accomplice.address}`,
          roleGrant: { address: accomplice.address, role: "treasurer" },
          requestedBy: first.address,
          status: "pending",
        },
      },
    });
    expect(await rolesOf(accomplice.address)).toEqual([]);
    const id = asked.data.approval.id as number;
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: first })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    // A treasurer decides money, not roles.
    const treasurer = await signIn(t.app);
    await grantInDb(t.db, treasurer.address, "treasurer");
    for (const decision of ["approve", "reject"])
      expect(await admin(t.app, "POST", `/approvals/${id}/${decision}`, { as: treasurer })).toMatchObject(
        refused(403, "admin.roleRequired", { roles: "admin" }),
      );
    expect(await rolesOf(accomplice.address)).toEqual([]);
    // Each sees the requests of the kinds they decide: the admins the grant, the treasurer none of it.
    expect((await admin(t.app, "GET", "/approvals", { as: second })).data).toMatchObject({ total: 1, list: [{ id }] });
    expect((await admin(t.app, "GET", "/approvals", { as: treasurer })).data).toMatchObject({ total: 0, list: [] });
    expect((await admin(t.app, "GET", "/approvals", { as: treasurer, query: { kind: "role.grant" } })).data.total).toBe(0);

    const approved = await admin(t.app, "POST", `/approvals/${id}/approve`, { as: second });
    expect(approved).toMatchObject({ code: 0, data: { id, status: "approved", decidedBy: second.address } });
    expect(await rolesOf(accomplice.address)).toEqual(["treasurer"]);
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: second })).toMatchObject(
      refused(409, "approvals.alreadyApproved"),
    );
  });

  it("with two admins, files a grant of admin too; reviewer and editor stay direct", async () => {
    t = await operatorsApp();
    const first = await signIn(t.app, HARDHAT_0);
    const second = await signIn(t.app);
    const other = await signIn(t.app);
    await grantInDb(t.db, second.address, "admin");
    const grant = (as: Wallet, role: string) =>
      admin(t.app, "POST", "/roles/grant", { as, payload: { address: other.address, role } });
    const asked = await grant(second, "admin");
    expect(asked.data).toMatchObject({ status: "AwaitingApproval", approval: { requestedBy: second.address } });
    expect(await admin(t.app, "POST", `/approvals/${asked.data.approval.id as number}/approve`, { as: second })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    expect(await rolesOf(other.address)).toEqual([]);
    expect(await grant(first, "reviewer")).toMatchObject({
      code: 0,
      data: { address: other.address, role: "reviewer", grantedBy: first.address },
    });
    expect(await grant(first, "editor")).toMatchObject({ code: 0, data: { role: "editor" } });
    // A role held already is refused before any request is filed.
    await grantInDb(t.db, other.address, "treasurer");
    expect(await grant(first, "treasurer")).toMatchObject(
      refused(409, "roles.alreadyHeld", { address: other.address, role: "treasurer" }),
    );
  });

  it("records in the audit who asked for a grant and which admin approved it", async () => {
    t = await operatorsApp();
    const first = await signIn(t.app, HARDHAT_0);
    const second = await signIn(t.app);
    const other = await signIn(t.app);
    await grantInDb(t.db, second.address, "admin");
    const id = (await admin(t.app, "POST", "/roles/grant", { as: first, payload: { address: other.address, role: "treasurer" } }))
      .data.approval.id as number;
    expect((await admin(t.app, "POST", `/approvals/${id}/approve`, { as: second })).code).toBe(0);
    const rows = await auditRows(t.db);
    expect(rows.map((r) => [r.operator, r.action, r.target])).toEqual([
      [first.address, "approval.request", `approval:${id}`],
      [second.address, "role.grant", `operator:${other.address}`],
      [second.address, "approval.approve", `approval:${id}`],
    ]);
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({
      address: other.address,
      role: "treasurer",
      grantedBy: first.address,
      approval: id,
      approvedBy: second.address,
    });
    expect(JSON.parse(rows[2]!.after_json!)).toMatchObject({ requestedBy: first.address, decidedBy: second.address });
    const listed = await admin(t.app, "GET", "/roles", { as: second });
    expect(listed.data).toContainEqual({
      address: other.address,
      role: "treasurer",
      grantedBy: first.address,
      grantedAt: expect.any(Number),
    });
  });

  it("with a single admin, grants treasurer at once", async () => {
    t = await operatorsApp();
    const root = await signIn(t.app, HARDHAT_0);
    const other = await signIn(t.app);
    const granted = await admin(t.app, "POST", "/roles/grant", {
      as: root,
      payload: { address: other.address, role: "treasurer" },
    });
    expect(granted).toMatchObject({ code: 0, data: { address: other.address, role: "treasurer", grantedBy: root.address } });
    expect(await rolesOf(other.address)).toEqual(["treasurer"]);
  });
});

describe("four-eyes: revoking admin", () => {
  it("closes the revoke bypass: with two admins, A's revoke of B is only filed, B stays admin, and A's grant of treasurer still waits", async () => {
    t = await operatorsApp();
    const a = await signIn(t.app, HARDHAT_0); // configured admin
    const b = await signIn(t.app);
    const puppet = await signIn(t.app);
    await grantInDb(t.db, b.address, "admin");
    const revoked = await admin(t.app, "POST", "/roles/revoke", { as: a, payload: { address: b.address, role: "admin" } });
    expect(revoked).toMatchObject({
      code: 0,
      data: {
        status: "AwaitingApproval",
        approval: {
          kind: "role.revoke",
          target: `operator:${b.address}`,
          roleRevoke: { address: b.address, role: "admin" },
          requestedBy: a.address,
          status: "pending",
        },
      },
    });
    expect(await rolesOf(b.address)).toEqual(["admin"]);
    // A is still one of two admins, so a grant of treasurer to a wallet of A's own waits for B.
    const granted = await admin(t.app, "POST", "/roles/grant", {
      as: a,
      payload: { address: puppet.address, role: "treasurer" },
    });
    expect(granted).toMatchObject({ code: 0, data: { status: "AwaitingApproval", approval: { kind: "role.grant" } } });
    expect(await rolesOf(puppet.address)).toEqual([]);
    // Nor can A carry out its own revoke request.
    expect(await admin(t.app, "POST", `/approvals/${revoked.data.approval.id as number}/approve`, { as: a })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    expect(await rolesOf(b.address)).toEqual(["admin"]);
  });

  it("lets the target approve the revocation, applies it with the approval, and audits who asked and who approved", async () => {
    t = await operatorsApp();
    const a = await signIn(t.app, HARDHAT_0);
    const b = await signIn(t.app);
    await grantInDb(t.db, b.address, "admin");
    const id = (await admin(t.app, "POST", "/roles/revoke", { as: a, payload: { address: b.address, role: "admin" } })).data
      .approval.id as number;
    // Admins see it with the grants; a treasurer neither sees nor decides it.
    expect((await admin(t.app, "GET", "/approvals", { as: b, query: { kind: "role.revoke" } })).data).toMatchObject({
      total: 1,
      list: [{ id, kind: "role.revoke", roleRevoke: { address: b.address, role: "admin" }, roleGrant: null }],
    });
    const treasurer = await signIn(t.app);
    await grantInDb(t.db, treasurer.address, "treasurer");
    expect((await admin(t.app, "GET", "/approvals", { as: treasurer })).data.total).toBe(0);
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: treasurer })).toMatchObject(
      refused(403, "admin.roleRequired", { roles: "admin" }),
    );
    // B, the admin it revokes, consents: the revocation is made in the approval's transaction.
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: b })).toMatchObject({
      code: 0,
      data: { id, status: "approved", requestedBy: a.address, decidedBy: b.address },
    });
    expect(await rolesOf(b.address)).toEqual([]);
    expect(await admin(t.app, "GET", "/me", { as: b })).toMatchObject(refused(403, "admin.noRole"));
    const rows = await auditRows(t.db);
    expect(rows.map((r) => [r.operator, r.action, r.target])).toEqual([
      [a.address, "approval.request", `approval:${id}`],
      [b.address, "role.revoke", `operator:${b.address}`],
      [b.address, "approval.approve", `approval:${id}`],
    ]);
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ address: b.address, role: "admin" });
    expect(JSON.parse(rows[1]!.after_json!)).toEqual({ approval: id, requestedBy: a.address, approvedBy: b.address });
    expect(JSON.parse(rows[2]!.after_json!)).toMatchObject({ requestedBy: a.address, decidedBy: b.address });
    // A is now the only admin, with B's consent: a grant of treasurer takes effect at once.
    const other = await signIn(t.app);
    expect(
      (await admin(t.app, "POST", "/roles/grant", { as: a, payload: { address: other.address, role: "treasurer" } })).data,
    ).toMatchObject({ address: other.address, role: "treasurer" });
  });

  it("lets a third admin approve a revocation, and files an admin's revocation of their own admin role too", async () => {
    t = await operatorsApp();
    const root = await signIn(t.app, HARDHAT_0);
    const [a, b] = [await signIn(t.app), await signIn(t.app)];
    for (const w of [a, b]) await grantInDb(t.db, w.address, "admin");
    const revoke = (as: Wallet, target: Wallet) =>
      admin(t.app, "POST", "/roles/revoke", { as, payload: { address: target.address, role: "admin" } });
    const ofB = await revoke(a, b);
    expect(ofB.data).toMatchObject({ status: "AwaitingApproval", approval: { requestedBy: a.address } });
    expect((await admin(t.app, "POST", `/approvals/${ofB.data.approval.id as number}/approve`, { as: root })).code).toBe(0);
    expect(await rolesOf(b.address)).toEqual([]);
    // Giving up one's own admin role would leave the other admin alone too: it waits as well.
    const own = await revoke(a, a);
    expect(own.data).toMatchObject({
      status: "AwaitingApproval",
      approval: { kind: "role.revoke", roleRevoke: { address: a.address, role: "admin" }, requestedBy: a.address },
    });
    const ownId = own.data.approval.id as number;
    expect(await admin(t.app, "POST", `/approvals/${ownId}/approve`, { as: a })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    expect(await rolesOf(a.address)).toEqual(["admin"]);
    expect((await admin(t.app, "POST", `/approvals/${ownId}/approve`, { as: root })).code).toBe(0);
    expect(await rolesOf(a.address)).toEqual([]);
  });

  it("with two admins, refuses a configured admin's or an unheld admin role's revocation without filing, and revokes other roles at once", async () => {
    t = await operatorsApp();
    const root = await signIn(t.app, HARDHAT_0);
    const [second, other] = [await signIn(t.app), await signIn(t.app)];
    await grantInDb(t.db, second.address, "admin");
    for (const role of ["treasurer", "reviewer", "editor"] as const) await grantInDb(t.db, other.address, role);
    const revoke = (address: string, role: string) =>
      admin(t.app, "POST", "/roles/revoke", { as: second, payload: { address, role } });
    expect(await revoke(root.address, "admin")).toMatchObject(refused(409, "roles.configuredAdmin"));
    expect(await revoke(other.address, "admin")).toMatchObject(
      refused(404, "roles.notHeld", { address: other.address, role: "admin" }),
    );
    expect(await t.db.kysely.selectFrom("operator_approvals").selectAll().execute()).toEqual([]);
    for (const role of ["treasurer", "reviewer", "editor"])
      expect(await revoke(other.address, role)).toMatchObject({ code: 0, data: { address: other.address, role } });
    expect(await rolesOf(other.address)).toEqual([]);
  });

  it("refuses an approved revocation that would leave no admin, or of a role gone by then: the request stays pending", async () => {
    t = await operatorsApp({ CHAIN_ID: "56" }); // no configured admin
    const [a, b, c] = [
      await signIn(t.app, undefined, 56),
      await signIn(t.app, undefined, 56),
      await signIn(t.app, undefined, 56),
    ];
    for (const w of [a, b, c]) await grantInDb(t.db, w.address, "admin");
    const revoke = async (as: Wallet, target: Wallet) =>
      (await admin(t.app, "POST", "/roles/revoke", { as, payload: { address: target.address, role: "admin" } })).data.approval
        .id as number;
    const approve = (as: Wallet, id: number) => admin(t.app, "POST", `/approvals/${id}/approve`, { as });
    const [ofBbyA, ofBbyC, ofCbyA, ofAbyB] = [await revoke(a, b), await revoke(c, b), await revoke(a, c), await revoke(b, a)];
    expect((await approve(b, ofBbyA)).code).toBe(0);
    expect(await approve(a, ofBbyC)).toMatchObject(refused(404, "roles.notHeld", { address: b.address, role: "admin" }));
    expect((await approve(c, ofCbyA)).code).toBe(0);
    // A is the only admin left: B's request to revoke A cannot be carried out, by A or anyone.
    expect(await approve(a, ofAbyB)).toMatchObject(refused(409, "roles.lastAdmin"));
    expect(await rolesOf(a.address)).toEqual(["admin"]);
    expect((await admin(t.app, "GET", "/approvals", { as: a, query: { status: "pending" } })).data).toMatchObject({
      total: 2,
      list: [{ id: ofAbyB }, { id: ofBbyC }],
    });
  });

  it("with a single admin, revokes other roles at once and refuses the last admin's revocation, filing nothing", async () => {
    t = await operatorsApp({ CHAIN_ID: "56" }); // no configured admin
    const [only, other] = [await signIn(t.app, undefined, 56), await signIn(t.app, undefined, 56)];
    await grantInDb(t.db, only.address, "admin");
    await grantInDb(t.db, other.address, "treasurer");
    const revoke = (address: string, role: string) =>
      admin(t.app, "POST", "/roles/revoke", { as: only, payload: { address, role } });
    expect(await revoke(other.address, "treasurer")).toMatchObject({
      code: 0,
      data: { address: other.address, role: "treasurer" },
    });
    expect(await revoke(only.address, "admin")).toMatchObject(refused(409, "roles.lastAdmin"));
    expect(await revoke(other.address, "admin")).toMatchObject(
      refused(404, "roles.notHeld", { address: other.address, role: "admin" }),
    );
    expect(await t.db.kysely.selectFrom("operator_approvals").selectAll().execute()).toEqual([]);
    expect((await auditRows(t.db)).map((r) => [r.operator, r.action])).toEqual([[only.address, "role.revoke"]]);
  });
});
