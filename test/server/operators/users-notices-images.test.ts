import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeBalance } from "../../../server/modules/ledger/ledger.service";
import { internalError } from "../../../server/lib/errors";
import { PNG } from "../accounts/support";
import { refused } from "../support/refused";
import { admin, auditRows, grantInDb, operatorsApp, PRODUCT, signIn, type OperatorsApp, type Wallet } from "./support";

let t: OperatorsApp;
let dataDir: string;
let reviewer: Wallet;
let treasurer: Wallet;
let editor: Wallet;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-operators-"));
  t = await operatorsApp({ DATA_DIR: dataDir });
  [reviewer, treasurer, editor] = await Promise.all([signIn(t.app), signIn(t.app), signIn(t.app)]);
  await grantInDb(t.db, reviewer.address, "reviewer");
  await grantInDb(t.db, treasurer.address, "treasurer");
  await grantInDb(t.db, editor.address, "editor");
});
afterEach(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const userRow = (address: string) =>
  t.db.kysely.selectFrom("users").selectAll().where("address", "=", address).executeTakeFirstOrThrow();

describe("users for operators", () => {
  it("finds a user by address, its start, email or invitation code, with balances, for reviewers and treasurers", async () => {
    const customer = await signIn(t.app);
    const row = await userRow(customer.address);
    await t.db.kysely.updateTable("users").set({ email: "carol@example.com" }).where("id", "=", row.id).execute();
    await t.db.kysely
      .transaction()
      .execute((trx) =>
        changeBalance(
          trx,
          { userId: row.id, currency: "USDT", delta: 2_500_000n, kind: "test", now: Date.now() },
          internalError("x"),
        ),
      );
    for (const q of [
      customer.account.address,
      customer.address.slice(0, 12),
      "CAROL@example.com",
      row.invitation_code.toLowerCase(),
    ]) {
      const found = await admin(t.app, "GET", "/users", { as: reviewer, query: { q } });
      expect(
        found.data.list.map((u: { id: number }) => u.id),
        q,
      ).toContain(Number(row.id));
    }
    const found = await admin(t.app, "GET", "/users", { as: treasurer, query: { q: customer.address } });
    expect(found.data).toMatchObject({
      total: 1,
      list: [
        {
          address: customer.address,
          email: "carol@example.com",
          amountUsdt: "2500000",
          amountCny: "0",
          withdrawUsdt: "0",
          debtUsdt: "0",
        },
      ],
    });
    expect((await admin(t.app, "GET", "/users", { as: reviewer, query: { q: "nobody@example.com" } })).data.total).toBe(0);
    expect(await admin(t.app, "GET", "/users", { as: editor, query: { q: "x" } })).toMatchObject({
      status: 403,
      key: "admin.roleRequired",
    });
    expect((await admin(t.app, "GET", "/users", { as: reviewer, query: { q: " " } })).key).toBe("api.invalidInput");

    const ledger = await admin(t.app, "GET", `/users/${row.id}/ledger`, { as: treasurer });
    expect(ledger.data).toMatchObject({
      total: 1,
      list: [{ currency: "USDT", delta: "2500000", balanceAfter: "2500000", kind: "test" }],
    });
    expect((await admin(t.app, "GET", `/users/${row.id}/ledger`, { as: reviewer, query: { currency: "CNY" } })).data.total).toBe(
      0,
    );
    expect(await admin(t.app, "GET", "/users/999999/ledger", { as: reviewer })).toMatchObject(refused(404, "users.notFound"));
  });
});

describe("notices for editors", () => {
  it("edits and takes back a notice: readers see the edit, then no longer the notice; each step audited", async () => {
    const published = await admin(t.app, "POST", "/notice/add", {
      as: editor,
      payload: { title: "Old", contentHtml: "<p>old</p>" },
    });
    const id = published.data.id as number;
    const edited = await admin(t.app, "POST", `/notice/update/${id}`, {
      as: editor,
      payload: { title: "New", contentHtml: "<p>new text</p>" },
    });
    expect(edited.data).toMatchObject({ id, title: "New", summary: "new text", unpublishedAt: null });
    const read = await t.app.inject({ method: "POST", url: `/base/api/home/notice/${id}`, payload: {} });
    expect(read.json().data).toMatchObject({ title: "New" });

    const taken = await admin(t.app, "POST", `/notice/unpublish/${id}`, { as: editor });
    expect(taken.data.unpublishedAt).toEqual(expect.any(Number));
    expect((await t.app.inject({ method: "POST", url: `/base/api/home/notice/${id}`, payload: {} })).json().key).toBe(
      "notices.notFound",
    );
    const list = (await t.app.inject({ method: "POST", url: "/base/api/home/notices", payload: {} })).json();
    expect(list.data.total).toBe(0);
    expect(await admin(t.app, "POST", `/notice/unpublish/${id}`, { as: editor })).toMatchObject(
      refused(409, "notices.alreadyUnpublished"),
    );
    expect(await admin(t.app, "POST", "/notice/unpublish/999999", { as: editor })).toMatchObject(
      refused(404, "notices.notFound"),
    );
    expect((await admin(t.app, "POST", `/notice/update/${id}`, { as: editor, payload: {} })).key).toBe("api.invalidInput");
    expect((await admin(t.app, "POST", "/notice/list", { as: editor })).data).toMatchObject({
      total: 1,
      list: [{ id, title: "New" }],
    });
    expect(await admin(t.app, "POST", `/notice/unpublish/${id}`, { as: reviewer })).toMatchObject({ status: 403 });
    expect((await auditRows(t.db)).map((r) => [r.operator, r.action, r.target])).toEqual([
      [editor.address, "notice.publish", `notice:${id}`],
      [editor.address, "notice.update", `notice:${id}`],
      [editor.address, "notice.unpublish", `notice:${id}`],
    ]);
  });
});

describe("product images", () => {
  it("stores an editor's image, served to anyone, usable as a product image; the token cannot upload", async () => {
    const bytes = Buffer.concat([PNG, Buffer.from("product-image")]);
    const uploaded = await admin(t.app, "POST", "/product/image", {
      as: editor,
      payload: { file: `data:image/png;base64,${bytes.toString("base64")}` },
    });
    expect(uploaded.data).toMatch(/^\/base\/api\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: "GET", url: uploaded.data });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(
      (await admin(t.app, "POST", "/product/add", { as: editor, payload: { ...PRODUCT, images: [uploaded.data] } })).code,
    ).toBe(0);
    expect((await auditRows(t.db))[0]).toMatchObject({ operator: editor.address, action: "product.image" });

    expect(
      await admin(t.app, "POST", "/product/image", { as: "token", payload: { file: bytes.toString("base64") } }),
    ).toMatchObject(refused(403, "admin.walletOnly"));
    expect(
      (
        await admin(t.app, "POST", "/product/image", {
          as: editor,
          payload: { file: Buffer.from("not an image").toString("base64") },
        })
      ).key,
    ).toBe("upload.notImage");
    expect((await admin(t.app, "POST", "/product/image", { as: editor, payload: { file: "AAAA", purpose: "avatar" } })).key).toBe(
      "api.invalidInput",
    );
    expect((await admin(t.app, "POST", "/product/image", { as: reviewer, payload: { file: "AAAA" } })).status).toBe(403);
  });
});
