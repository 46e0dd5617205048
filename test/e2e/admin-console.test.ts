import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { idCheckChar } from "../../domain/id-number";
import { isLuhnValid } from "../../domain/luhn";
import { expectAccessible, registerOverHttp, tinyPng } from "./support/account-fixtures";
import { launchBrowser, phoneContext, reportCspViolations, screenshot, takeCspViolations } from "./support/browser";
import { injectWallet } from "./support/injected-wallet";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/** Hardhat #0 is the configured admin on the local chain; #12 and #13 are used by no other browser test. */
const ADMIN = hardhatAccount(0);
const REVIEWER = 12;
const TREASURER = 13;
/** Fresh wallets: the customer whose applications are reviewed, who holds no role. */
const customer = privateKeyToAccount(generatePrivateKey());

const cn = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../locales/cn.json"), "utf8")) as Record<string, string>;

/** Every operator call (docs/api.md, "Operators"). */
const ADMIN_CALLS: [method: "GET" | "POST", path: string][] = [
  ["GET", "/admin/me"],
  ["GET", "/admin/roles"],
  ["POST", "/admin/roles/grant"],
  ["POST", "/admin/roles/revoke"],
  ["GET", "/admin/audit"],
  ["POST", "/admin/auth/list"],
  ["POST", "/admin/auth/review/1"],
  ["POST", "/admin/bank/list"],
  ["POST", "/admin/bank/review/1"],
  ["POST", "/admin/withdraw/list"],
  ["POST", "/admin/withdraw/retry/1"],
  ["POST", "/admin/settlement/run"],
  ["POST", "/admin/balance/adjust"],
  ["GET", "/admin/approvals"],
  ["POST", "/admin/approvals/1/approve"],
  ["POST", "/admin/approvals/1/reject"],
  ["GET", "/admin/users?q=0x1234"],
  ["GET", "/admin/users/1/ledger"],
  ["POST", "/admin/product/add"],
  ["POST", "/admin/product/update/1"],
  ["POST", "/admin/product/list"],
  ["POST", "/admin/product/image"],
  ["POST", "/admin/notice/add"],
  ["POST", "/admin/notice/list"],
  ["POST", "/admin/notice/update/1"],
  ["POST", "/admin/notice/unpublish/1"],
];

type Reply = { code: number; msg: string; key?: string; data: Record<string, unknown> };

async function call(method: "GET" | "POST", p: string, token: string, body: unknown = {}): Promise<Reply> {
  const res = await fetch(`${apiUrl}/base/api${p}`, {
    method,
    headers: { token, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Reply;
}

/** An 18-digit ID number and a 19-digit card that pass their checks and that no other test uses. */
const ID_NUMBER = `${"11010519880808123"}${idCheckChar("11010519880808123")}`;
const CARD = (() => {
  for (let d = 0; d < 10; d++) if (isLuhnValid(`621700998877665544${d}`)) return `621700998877665544${d}`;
  throw new Error("no Luhn digit");
})();

let browser: Browser;
let customerSession: Awaited<ReturnType<typeof httpSession>>;
const contexts: BrowserContext[] = [];

async function operatorPage(session: { address: string; token: string; userInfo: unknown }, size = "phone"): Promise<Page> {
  const context =
    size === "phone"
      ? await phoneContext(browser)
      : await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  if (size !== "phone") await reportCspViolations(context);
  contexts.push(context);
  await storeSession(context, session);
  return context.newPage();
}

/** Opens an area from the console's navigation and waits until its own page has loaded its data. */
async function openArea(page: Page, id: string) {
  await page.getByTestId(`console-nav-${id}`).click();
  await page.waitForURL(new RegExp(`#/admin/${id}`));
  const area = page.getByTestId(`console-area-${id}`);
  await area.locator(".card").first().waitFor();
  await expect.poll(() => area.locator('.page-spinner[role="status"]').count()).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  customerSession = await httpSession(apiUrl, webUrl, customer);
  await registerOverHttp(apiUrl, dataDir, customerSession.token, `console-${Date.now()}@example.com`, "123456");
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

describe("the operator console", () => {
  it("refuses a wallet without a role on every admin call and shows it no console, in its language", async () => {
    for (const [method, p] of ADMIN_CALLS) {
      const reply = await call(method, p, customerSession.token);
      expect({ call: `${method} ${p}`, code: reply.code, key: reply.key }).toEqual({
        call: `${method} ${p}`,
        code: 403,
        key: "admin.noRole",
      });
    }
    const page = await operatorPage(customerSession);
    await page.goto(`${webUrl}#/admin?lang=cn`);
    await page.getByTestId("console-refusal").waitFor();
    expect(await page.getByTestId("console-refusal").getAttribute("data-key")).toBe("admin.noRole");
    expect(await page.getByTestId("console-refusal-text").textContent()).toBe(cn["admin.noRole"]);
    expect(await page.getByTestId("console-nav").count()).toBe(0);
    expect(await page.getByTestId("console").count()).toBe(0);
    await screenshot(page, "admin-console-refused");
    await expectAccessible(page, "console refusal");
    await page.goto(`${webUrl}#/admin/roles?lang=en`);
    await page.getByTestId("console-refusal").waitFor();
    expect(await page.getByTestId("console-nav").count()).toBe(0);
  });

  it("lets the admin, signed in with the wallet, grant reviewer and treasurer roles", async () => {
    const context = await phoneContext(browser);
    contexts.push(context);
    await injectWallet(context, { address: ADMIN.address, rpcUrl });
    const page = await context.newPage();
    await page.goto(`${webUrl}#/admin?lang=en`);
    await page.waitForURL(/#\/pages\/login\/login/);
    await page.getByTestId("connect-wallet").click();
    const later = page.getByTestId("register-later");
    await Promise.race([later.waitFor({ timeout: 30_000 }), page.waitForURL(/#\/admin/, { timeout: 30_000 })]);
    if (await later.isVisible()) await later.click();
    // The admin's first area is Approvals (of grants), then Roles.
    await page.waitForURL(/#\/admin\/approvals/);
    // Only the areas of the admin role (approvals of grants, roles, and the audit, open to every operator).
    await expect
      .poll(() => page.getByTestId("console-nav").locator("a").allTextContents())
      .toEqual(["Approvals", "Roles", "Audit log"]);
    await openArea(page, "roles");
    // The only admin grants at once, and is told that the four-eyes rule then rests on them.
    await page.getByTestId("roles-single-admin").waitFor();

    const grant = async (address: string, role: string) => {
      await page.getByTestId("grant-address").fill(address);
      await page.getByTestId("grant-role").selectOption(role);
      await page.getByTestId("grant-submit").click();
      await page.getByTestId(`grant-${address.toLowerCase()}-${role}`).waitFor();
    };
    await page.getByTestId("grant-address").fill("0x1234");
    await page.getByTestId("grant-submit").click();
    await page.getByText("Enter a wallet address: 0x and 40 hex digits.").waitFor();
    await grant(hardhatAccount(REVIEWER).address, "reviewer");
    await grant(hardhatAccount(TREASURER).address, "treasurer");
    // The admin is the second treasurer of the adjustment below.
    await grant(ADMIN.address, "treasurer");
    await expect
      .poll(() => page.getByTestId("console-nav").locator("a").allTextContents())
      .toEqual(["Withdrawals", "Approvals", "Users", "Settlement", "Roles", "Audit log"]);
    await screenshot(page, "admin-console-roles");
    await expectAccessible(page, "console roles");
  });

  it("lets the reviewer approve an identity (seeing the ID images) and reject a bank account with a reason the user reads", async () => {
    const upload = async (seed: number) =>
      (
        await call("POST", "/user/upload/base64", customerSession.token, {
          file: `data:image/png;base64,${tinyPng(seed).toString("base64")}`,
          purpose: "identity",
        })
      ).data as unknown as string;
    const applied = await call("POST", "/user/authApply", customerSession.token, {
      realName: "王五",
      idNumber: ID_NUMBER,
      frontImage: await upload(70),
      backImage: await upload(71),
    });
    expect(applied.msg).toBe("success");

    const reviewer = await httpSession(apiUrl, webUrl, REVIEWER);
    const page = await operatorPage(reviewer);
    await page.goto(`${webUrl}#/admin?lang=en`);
    await page.waitForURL(/#\/admin\/identity/);
    expect(await page.getByTestId("console-nav").locator("a").allTextContents()).toEqual([
      "Identity queue",
      "Bank account queue",
      "Users",
      "Audit log",
    ]);
    const item = page.locator(`[data-testid^="identity-item-"][data-address="${customer.address.toLowerCase()}"]`);
    await item.waitFor();
    const id = Number((await item.getAttribute("data-testid"))!.replace("identity-item-", ""));
    // The private ID images open for the reviewer's session.
    for (const side of ["front", "back"])
      await expect
        .poll(() => page.getByTestId(`identity-${side}-${id}`).getAttribute("data-state"), { timeout: 20_000 })
        .toBe("ready");
    await screenshot(page, "admin-console-identity-queue");
    await expectAccessible(page, "console identity queue");
    await page.getByTestId(`identity-approve-${id}`).click();
    await expect.poll(() => item.count()).toBe(0);

    const bank = await call("POST", "/user/bankApply", customerSession.token, {
      bankName: "中国银行",
      branch: "北京分行",
      holder: "王五",
      cardNumber: CARD,
    });
    expect(bank.msg).toBe("success");
    await openArea(page, "bank");
    const bankItem = page.locator(`[data-testid^="bank-item-"][data-address="${customer.address.toLowerCase()}"]`);
    await bankItem.waitFor();
    const bankId = Number((await bankItem.getAttribute("data-testid"))!.replace("bank-item-", ""));
    await page.getByTestId(`bank-reject-${bankId}`).click();
    await page.getByTestId(`bank-confirm-reject-${bankId}`).click();
    await page.getByText("Write a reason of at most 200 characters.").waitFor();
    await page.getByTestId(`bank-reason-${bankId}`).fill("The card number does not match the bank");
    await screenshot(page, "admin-console-bank-reject");
    await expectAccessible(page, "console bank queue");
    await page.getByTestId(`bank-confirm-reject-${bankId}`).click();
    await expect.poll(() => bankItem.count()).toBe(0);

    // The customer reads the reason on their bank page.
    const own = await operatorPage(customerSession);
    await own.goto(`${webUrl}#/pages/my/bank?lang=en`);
    await expect
      .poll(() => own.getByTestId("application-status").getAttribute("data-status"), { timeout: 20_000 })
      .toBe("rejected");
    expect(await own.getByTestId("application-reason").textContent()).toContain("The card number does not match the bank");
    // The reviewer holds no treasurer role: the treasurer's calls stay shut.
    expect((await call("GET", "/admin/approvals", reviewer.token)).key).toBe("admin.roleRequired");
  });

  it("keeps a balance adjustment waiting until a second treasurer approves it", async () => {
    const balance = async () => {
      const reply = await call("GET", `/admin/users?q=${customer.address}`, (await httpSession(apiUrl, webUrl, TREASURER)).token);
      return (reply.data.list as { amountUsdt: string }[])[0]!.amountUsdt;
    };
    const treasurer = await httpSession(apiUrl, webUrl, TREASURER);
    const page = await operatorPage(treasurer);
    await page.goto(`${webUrl}#/admin/users?lang=en`);
    await page.getByTestId("users-q").fill(customer.address);
    await page.getByTestId("users-search").click();
    const user = page.locator(`[data-testid^="user-"][data-address="${customer.address.toLowerCase()}"]`);
    await user.waitFor();
    const userId = Number((await user.getAttribute("data-testid"))!.replace("user-", ""));
    await page.getByTestId(`user-${userId}-adjust`).click();
    await page.getByTestId(`adjust-amount-${userId}`).fill("3");
    await page.getByTestId(`adjust-reason-${userId}`).fill("Refund of a lost order");
    await screenshot(page, "admin-console-adjust");
    await expectAccessible(page, "console users");
    await page.getByTestId(`adjust-submit-${userId}`).click();
    await page.getByTestId("toast").waitFor();

    expect(await balance()).toBe("0");
    await openArea(page, "approvals");
    const request = page
      .locator('[data-testid^="approval-"][data-status="pending"]')
      .filter({ hasText: "Refund of a lost order" });
    await request.waitFor();
    const approvalId = (await request.getAttribute("data-testid"))!.replace("approval-", "");
    // The requester cannot approve their own request.
    await page.getByTestId(`approval-${approvalId}-waiting`).waitFor();
    expect(await page.getByTestId(`approval-${approvalId}-approve`).count()).toBe(0);
    expect((await call("POST", `/admin/approvals/${approvalId}/approve`, treasurer.token)).key).toBe("approvals.selfApproval");
    expect(await balance()).toBe("0");
    await screenshot(page, "admin-console-approval-waiting");
    await expectAccessible(page, "console approvals");

    // The admin, also a treasurer, approves it.
    const admin = await httpSession(apiUrl, webUrl, 0);
    const second = await operatorPage(admin, "desktop");
    await second.goto(`${webUrl}#/admin/approvals?lang=en`);
    await second.getByTestId(`approval-${approvalId}-approve`).click();
    await expect.poll(() => second.getByTestId(`approval-${approvalId}`).count()).toBe(0);
    expect(await balance()).toBe("3000000");
    await second.getByTestId("approvals-status-filter").selectOption("approved");
    await expect.poll(() => second.getByTestId(`approval-${approvalId}`).getAttribute("data-status")).toBe("approved");
    await screenshot(second, "admin-console-approved-desktop");
  });

  it("shows each step in the audit log with the operator's address", async () => {
    const admin = await httpSession(apiUrl, webUrl, 0);
    const page = await operatorPage(admin);
    await page.goto(`${webUrl}#/admin/audit?lang=en`);
    const steps = async (operator: string) => {
      await page.getByTestId("audit-operator").fill(operator);
      await page.getByTestId("audit-apply").click();
      await expect.poll(() => page.getByTestId("audit-entry").first().getAttribute("data-operator")).toBe(operator.toLowerCase());
      return page
        .getByTestId("audit-entry")
        .evaluateAll((entries) => entries.map((e) => e.getAttribute("data-action")).reverse());
    };
    expect(await steps(ADMIN.address)).toEqual(expect.arrayContaining(["role.grant", "approval.approve", "balance.adjust"]));
    expect(await steps(hardhatAccount(REVIEWER).address)).toEqual(["identity.review", "bank.review"]);
    expect(await steps(hardhatAccount(TREASURER).address)).toEqual(["approval.request"]);
    // The operator's address is shown on each entry.
    expect(await page.getByTestId("audit-entry").first().textContent()).toContain(
      hardhatAccount(TREASURER).address.toLowerCase(),
    );
    await page.locator(".console-details summary").first().click();
    await screenshot(page, "admin-console-audit");
    await expectAccessible(page, "console audit");
  });

  it("passes axe on every console page at phone and desktop size, with a sanitised notice preview", async () => {
    const admin = await httpSession(apiUrl, webUrl, 0);
    for (const role of ["reviewer", "editor"])
      expect((await call("POST", "/admin/roles/grant", admin.token, { address: ADMIN.address, role })).msg).toBe("success");
    for (const size of ["phone", "desktop"]) {
      const page = await operatorPage(admin, size);
      await page.goto(`${webUrl}#/admin?lang=en`);
      await page.waitForURL(/#\/admin\/identity/);
      for (const id of [
        "identity",
        "bank",
        "withdrawals",
        "approvals",
        "users",
        "settlement",
        "products",
        "notices",
        "roles",
        "audit",
      ]) {
        await openArea(page, id);
        if (size === "phone") await screenshot(page, `admin-console-page-${id}`);
        await expectAccessible(page, `console ${id} (${size})`);
      }
    }
    const page = await operatorPage(admin);
    await page.goto(`${webUrl}#/admin/notices?lang=en`);
    await page.getByTestId("notice-title").fill("Maintenance tonight");
    await page
      .getByTestId("notice-content")
      .fill('<p>Back at <b>02:00</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>');
    const preview = page.getByTestId("notice-content-preview");
    await expect.poll(() => preview.locator("b").textContent()).toBe("02:00");
    expect(await preview.locator("script").count()).toBe(0);
    expect(await preview.locator("img").getAttribute("onerror")).toBeNull();
    await page.getByTestId("notice-submit").click();
    await page.locator('[data-testid^="notice-"][data-state="published"]').filter({ hasText: "Maintenance tonight" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // The handler is refused twice over, as on the shop's notice page (shop.test.ts): the
    // Content-Security-Policy blocks it when DOMPurify's parser meets it, and DOMPurify drops it.
    for (const line of takeCspViolations())
      expect(line).toMatch(/^(Executing inline event handler|script-src-attr blocked inline)/);
    await screenshot(page, "admin-console-notice-published");

    await page.goto(`${webUrl}#/admin/settlement?lang=en`);
    await page.getByTestId("settlement-run").click();
    await page.getByTestId("settlement-result").waitFor();
    await screenshot(page, "admin-console-settlement");
    await expectAccessible(page, "console settlement result");
  });
});
