import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refused } from "../support/refused";
import { admin, auditRows, grantInDb, operatorsApp, signIn, type OperatorsApp, type Wallet } from "./support";

let t: OperatorsApp;
let first: Wallet;
let second: Wallet;
let customer: Wallet;
let customerId: number;
beforeEach(async () => {
  t = await operatorsApp();
  first = await signIn(t.app);
  second = await signIn(t.app);
  customer = await signIn(t.app);
  for (const w of [first, second]) await grantInDb(t.db, w.address, "treasurer");
  const row = await t.db.kysely
    .selectFrom("users")
    .select("id")
    .where("address", "=", customer.address)
    .executeTakeFirstOrThrow();
  customerId = Number(row.id);
});
afterEach(async () => t.close());

const cny = async () =>
  (await t.db.kysely.selectFrom("users").select("amount_cny").where("id", "=", BigInt(customerId)).executeTakeFirstOrThrow())
    .amount_cny;
const ledger = () =>
  t.db.kysely
    .selectFrom("ledger")
    .select(["currency", "delta", "balance_after", "kind", "ref"])
    .where("user_id", "=", BigInt(customerId))
    .orderBy("id")
    .execute();
const adjust = (as: Wallet | "token", delta: string, currency = "CNY") =>
  admin(t.app, "POST", "/balance/adjust", { as, payload: { userId: customerId, currency, delta, reason: "goodwill credit" } });

describe("balance adjustment with a second operator's approval", () => {
  it("waits for a different treasurer, applies once through the ledger, and audits each step", async () => {
    const requested = await adjust(first, "50000");
    expect(requested).toMatchObject({
      code: 0,
      data: {
        kind: "balance.adjust",
        target: `user:${customerId}`,
        status: "pending",
        requestedBy: first.address,
        decidedBy: null,
        balanceAdjust: { userId: customerId, currency: "CNY", delta: "50000", reason: "goodwill credit" },
        withdrawRetry: null,
      },
    });
    const id = requested.data.id as number;
    expect(await cny()).toBe(0n);
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: first })).toMatchObject(
      refused(403, "approvals.selfApproval"),
    );
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: "token" })).toMatchObject(
      refused(403, "admin.tokenNotTreasurer"),
    );
    expect(await cny()).toBe(0n);

    const approved = await admin(t.app, "POST", `/approvals/${id}/approve`, { as: second });
    expect(approved).toMatchObject({ code: 0, data: { id, status: "approved", decidedBy: second.address } });
    expect(await cny()).toBe(50000n);
    expect(await ledger()).toEqual([
      { currency: "CNY", delta: 50000n, balance_after: 50000n, kind: "admin_adjust", ref: `approval:${id}` },
    ]);
    expect(await admin(t.app, "POST", `/approvals/${id}/approve`, { as: second })).toMatchObject(
      refused(409, "approvals.alreadyApproved"),
    );
    expect(await admin(t.app, "POST", `/approvals/${id}/reject`, { as: first })).toMatchObject(
      refused(409, "approvals.alreadyApproved"),
    );
    expect(await admin(t.app, "POST", "/approvals/999999/approve", { as: second })).toMatchObject(
      refused(404, "approvals.notFound"),
    );

    const rows = await auditRows(t.db);
    expect(rows.map((r) => [r.operator, r.action, r.target])).toEqual([
      [first.address, "approval.request", `approval:${id}`],
      [second.address, "balance.adjust", `user:${customerId}`],
      [second.address, "approval.approve", `approval:${id}`],
    ]);
    expect(JSON.parse(rows[1]!.before_json!)).toEqual({ currency: "CNY", balance: "0" });
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({
      currency: "CNY",
      balance: "50000",
      delta: "50000",
      approval: id,
      requestedBy: first.address,
    });
    const audit = await admin(t.app, "GET", "/audit", { as: second, query: { target: `approval:${id}` } });
    expect(audit.data.list.map((e: { operator: string }) => e.operator)).toEqual([second.address, first.address]);
  });

  it("never goes below zero: the refused approval changes nothing and stays pending until rejected", async () => {
    const credit = (await adjust(first, "500")).data.id;
    await admin(t.app, "POST", `/approvals/${credit}/approve`, { as: second });
    const debit = (await adjust(second, "-501")).data.id as number;
    const before = await auditRows(t.db);
    expect(await admin(t.app, "POST", `/approvals/${debit}/approve`, { as: first })).toMatchObject(
      refused(409, "adjust.belowZero"),
    );
    expect(await cny()).toBe(500n);
    expect(await auditRows(t.db)).toEqual(before);
    const pending = await admin(t.app, "GET", "/approvals", { as: first, query: { status: "pending" } });
    expect(pending.data).toMatchObject({ total: 1, list: [{ id: debit, status: "pending" }] });
    // The requester may withdraw their own request.
    expect(await admin(t.app, "POST", `/approvals/${debit}/reject`, { as: second })).toMatchObject({
      code: 0,
      data: { status: "rejected", decidedBy: second.address },
    });
    expect(await admin(t.app, "POST", `/approvals/${debit}/approve`, { as: first })).toMatchObject(
      refused(409, "approvals.alreadyRejected"),
    );
    expect((await auditRows(t.db)).at(-1)).toMatchObject({ operator: second.address, action: "approval.reject" });
    const exact = (await adjust(second, "-500")).data.id;
    expect((await admin(t.app, "POST", `/approvals/${exact}/approve`, { as: first })).code).toBe(0);
    expect(await cny()).toBe(0n);
    expect((await admin(t.app, "GET", "/approvals", { as: first, query: { kind: "balance.adjust" } })).data.total).toBe(3);
  });

  it("applies once when 100 approvals of one request arrive at once", async () => {
    const more = await Promise.all([1, 2, 3].map(() => signIn(t.app)));
    for (const w of more) await grantInDb(t.db, w.address, "treasurer");
    const id = (await adjust(first, "7")).data.id as number;
    const approvers = [second, ...more];
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        admin(t.app, "POST", `/approvals/${id}/approve`, { as: approvers[i % approvers.length] }),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.status === 409 && r.key === "approvals.alreadyApproved")).toBe(
      true,
    );
    expect(await cny()).toBe(7n);
    expect(await ledger()).toHaveLength(1);
    const actions = (await auditRows(t.db)).map((r) => r.action);
    expect(actions).toEqual(["approval.request", "balance.adjust", "approval.approve"]);
  });

  it("validates the request: a treasurer's, a known user, a non-zero whole delta, CNY or USDT, a reason", async () => {
    const reviewer = await signIn(t.app);
    await grantInDb(t.db, reviewer.address, "reviewer");
    expect(await adjust(reviewer, "1")).toMatchObject(refused(403, "admin.roleRequired", { roles: "treasurer" }));
    for (const delta of ["0", "-0", "1.5", "1e3", "0100", "1".repeat(16), ""])
      expect((await adjust(first, delta)).key).toBe("api.invalidInput");
    expect((await adjust(first, "1", "WUSDT")).key).toBe("api.invalidInput");
    expect((await adjust(first, "1", "USDT")).code).toBe(0);
    expect(
      await admin(t.app, "POST", "/balance/adjust", {
        as: first,
        payload: { userId: 999999, currency: "CNY", delta: "1", reason: "x" },
      }),
    ).toMatchObject(refused(404, "users.notFound"));
    expect(
      (
        await admin(t.app, "POST", "/balance/adjust", {
          as: first,
          payload: { userId: customerId, currency: "CNY", delta: "1", reason: " " },
        })
      ).key,
    ).toBe("api.invalidInput");
    expect((await admin(t.app, "GET", "/approvals", { as: first, query: { status: "open" } })).key).toBe("api.invalidInput");
  });
});
