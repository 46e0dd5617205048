import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  admin,
  auditRows,
  grantInDb,
  operatorsApp,
  pendingIdentity,
  PRODUCT,
  signIn,
  type OperatorsApp,
  type Wallet,
} from "./support";

let t: OperatorsApp;
let reviewer: Wallet;
let editor: Wallet;
beforeEach(async () => {
  t = await operatorsApp();
  reviewer = await signIn(t.app);
  editor = await signIn(t.app);
  await grantInDb(t.db, reviewer.address, "reviewer");
  await grantInDb(t.db, editor.address, "editor");
});
afterEach(async () => t.close());

describe("audit of operator actions", () => {
  it("records each action with its operator, target, before and after, in the action's transaction", async () => {
    const applicant = await signIn(t.app);
    const id = await pendingIdentity(t.db, applicant.address);
    expect((await admin(t.app, "POST", `/auth/review/${id}`, { as: reviewer, payload: { status: "approved" } })).code).toBe(0);
    const created = await admin(t.app, "POST", "/product/add", { as: editor, payload: PRODUCT });
    expect(created.code).toBe(0);
    const productId = created.data.id as number;
    expect((await admin(t.app, "POST", `/product/update/${productId}`, { as: "token", payload: { stock: 7 } })).code).toBe(0);
    // A refused edit leaves no row: the audit is written in the edit's transaction.
    const refused = await admin(t.app, "POST", `/product/update/${productId}`, {
      as: editor,
      payload: { alloyMaterial: null },
    });
    expect(refused.key).toBe("products.alloyNeedsMaterial");
    expect(
      (await admin(t.app, "POST", "/notice/add", { as: editor, payload: { title: "Hi", contentHtml: "<p>x</p>" } })).code,
    ).toBe(0);

    const rows = await auditRows(t.db);
    expect(rows.map((r) => [r.operator, r.action, r.target])).toEqual([
      [reviewer.address, "identity.review", `identity:${id}`],
      [editor.address, "product.create", `product:${productId}`],
      ["token", "product.update", `product:${productId}`],
      [editor.address, "notice.publish", expect.stringMatching(/^notice:\d+$/)],
    ]);
    expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ status: "pending" });
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ status: "approved" });
    expect(rows[1]!.before_json).toBeNull();
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ title: PRODUCT.title, priceUsdt: "28000000" });
    expect([JSON.parse(rows[2]!.before_json!).stock, JSON.parse(rows[2]!.after_json!).stock]).toEqual([500, 7]);
    expect(rows.every((r) => r.client_address === "127.0.0.1" && Number(r.created_at) > 0)).toBe(true);
  });

  it("lists the audit to any operator, newest first, paged and filtered by operator, action and target", async () => {
    for (let i = 0; i < 3; i++)
      await admin(t.app, "POST", "/product/add", { as: editor, payload: { ...PRODUCT, title: `P${i}` } });
    await admin(t.app, "POST", "/product/add", { as: "token", payload: PRODUCT });
    const all = await admin(t.app, "GET", "/audit", { as: reviewer });
    expect(all.data).toMatchObject({ total: 4, page: 1, limit: 10 });
    expect(all.data.list[0]).toMatchObject({ operator: "token", action: "product.create", clientAddress: "127.0.0.1" });
    expect(all.data.list.map((e: { id: number }) => e.id)).toEqual(
      [...all.data.list.map((e: { id: number }) => e.id)].sort((a: number, b: number) => b - a),
    );
    const mine = await admin(t.app, "GET", "/audit", {
      as: editor,
      query: { operator: editor.address.toUpperCase().replace("0X", "0x") },
    });
    expect(mine.data.total).toBe(3);
    const page2 = await admin(t.app, "GET", "/audit", { as: editor, query: { action: "product.create", limit: "2", page: "2" } });
    expect(page2.data).toMatchObject({ total: 4, page: 2, limit: 2 });
    expect(page2.data.list).toHaveLength(2);
    const target = all.data.list[1].target as string;
    expect((await admin(t.app, "GET", "/audit", { as: "token", query: { target } })).data.list).toHaveLength(1);
    expect((await admin(t.app, "GET", "/audit", { as: reviewer, query: { limit: "101" } })).key).toBe("api.invalidInput");
    expect((await admin(t.app, "GET", "/audit", { as: reviewer, query: { other: "1" } })).key).toBe("api.invalidInput");
  });

  it("records the client address our web server reports, not one a client names itself", async () => {
    const spoofed = { "x-forwarded-for": "198.51.100.7" };
    // An untrusted peer naming a client: the peer is recorded.
    await admin(t.app, "POST", "/product/add", { as: editor, payload: PRODUCT, remoteAddress: "203.0.113.9", headers: spoofed });
    // Our web server on this machine (TRUST_PROXY's default, loopback) reports the client it served.
    await admin(t.app, "POST", "/product/add", { as: editor, payload: PRODUCT, remoteAddress: "127.0.0.1", headers: spoofed });
    expect((await auditRows(t.db)).map((r) => r.client_address)).toEqual(["203.0.113.9", "198.51.100.7"]);
  });
});
