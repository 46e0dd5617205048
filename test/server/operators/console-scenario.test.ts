import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PNG } from "../accounts/support";
import { refused } from "../support/refused";
import { admin, adminRoutes, HARDHAT_0, operatorsApp, pendingIdentity, PRODUCT, signIn, type OperatorsApp } from "./support";

let t: OperatorsApp;
let dataDir: string;
beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-console-"));
  t = await operatorsApp({ DATA_DIR: dataDir });
});
afterEach(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The "done when", start to end through the API. */
describe("the operator console, server side", () => {
  it("refuses a wallet without a role, lets the admin make a reviewer, separates roles, waits for a second treasurer, audits each step", async () => {
    const root = await signIn(t.app, HARDHAT_0);
    const [reviewer, first, second, customer] = await Promise.all([signIn(t.app), signIn(t.app), signIn(t.app), signIn(t.app)]);

    for (const route of await adminRoutes(t))
      expect((await admin(t.app, route.method, route.path, { as: reviewer })).key, `${route.method} ${route.path}`).toBe(
        "admin.noRole",
      );

    const grant = (address: string, role: string) =>
      admin(t.app, "POST", "/roles/grant", { as: root, payload: { address, role } });
    expect((await grant(reviewer.address, "reviewer")).code).toBe(0);
    expect((await grant(first.address, "treasurer")).code).toBe(0);
    expect((await grant(second.address, "treasurer")).code).toBe(0);

    const applicationId = await pendingIdentity(t.db, customer.address);
    expect(
      (await admin(t.app, "POST", `/auth/review/${applicationId}`, { as: reviewer, payload: { status: "approved" } })).code,
    ).toBe(0);
    expect(await admin(t.app, "POST", "/product/add", { as: reviewer, payload: PRODUCT })).toMatchObject(
      refused(403, "admin.roleRequired", { roles: "editor" }),
    );
    // The reviewer sees the applicant's private ID images, which other wallets do not.
    const upload = await t.app.inject({
      method: "POST",
      url: "/base/api/user/upload/base64",
      headers: { token: customer.session },
      payload: { file: PNG.toString("base64"), purpose: "identity" },
    });
    const location = upload.json().data as string;
    expect((await t.app.inject({ method: "GET", url: location, headers: { token: reviewer.session } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: location, headers: { token: first.session } })).statusCode).toBe(404);

    const customerId = Number(
      (await t.db.kysely.selectFrom("users").select("id").where("address", "=", customer.address).executeTakeFirstOrThrow()).id,
    );
    const balance = async () =>
      (await admin(t.app, "GET", "/users", { as: reviewer, query: { q: customer.address } })).data.list[0].amountUsdt as string;
    const requested = await admin(t.app, "POST", "/balance/adjust", {
      as: first,
      payload: { userId: customerId, currency: "USDT", delta: "3000000", reason: "refund of a lost order" },
    });
    expect(requested.data.status).toBe("pending");
    expect(await balance()).toBe("0");
    expect((await admin(t.app, "POST", `/approvals/${requested.data.id}/approve`, { as: first })).key).toBe(
      "approvals.selfApproval",
    );
    expect(await balance()).toBe("0");
    expect((await admin(t.app, "POST", `/approvals/${requested.data.id}/approve`, { as: second })).code).toBe(0);
    expect(await balance()).toBe("3000000");

    const audit = await admin(t.app, "GET", "/audit", { as: reviewer, query: { limit: "100" } });
    expect(audit.data.list.map((e: { operator: string; action: string }) => [e.operator, e.action]).reverse()).toEqual([
      [root.address, "role.grant"],
      [root.address, "role.grant"],
      [root.address, "role.grant"],
      [reviewer.address, "identity.review"],
      [first.address, "approval.request"],
      [second.address, "balance.adjust"],
      [second.address, "approval.approve"],
    ]);
  });
});
