import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, registerOverHttp, tinyPng } from "./support/account-fixtures";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const dataDir = inject("dataDir");
const adminToken = inject("adminToken");
/** Accounts #5 and #6: used by no other browser test (#6 only signs in, to be refused). */
const APPLICANT = 5;
const STRANGER = 6;
// Numbers no other browser test uses: an ID number or card may belong to one account only.

type Reply = { code: number; msg: string; data: Record<string, unknown> };
let browser: Browser;
let session: Awaited<ReturnType<typeof httpSession>>;

async function call(p: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
  const res = await fetch(`${apiUrl}/base/api${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Reply;
}
const asUser = (p: string, body: unknown) => call(p, body, { token: session.token });
const asOperator = (p: string, body: unknown) => call(p, body, { "x-admin-token": adminToken });

/** Applies for identity over HTTP as the page does: two identity uploads, then authApply. */
async function applyForIdentity(seed: number): Promise<number> {
  const upload = async (n: number) =>
    (
      await asUser("/user/upload/base64", {
        file: `data:image/png;base64,${tinyPng(n).toString("base64")}`,
        purpose: "identity",
      })
    ).data as unknown as string;
  const front = await upload(seed);
  const back = await upload(seed + 1);
  const reply = await asUser("/user/authApply", {
    realName: "李四",
    idNumber: "110108198506120033",
    frontImage: front,
    backImage: back,
  });
  if (reply.code !== 0) throw new Error(`authApply: ${reply.msg}`);
  return reply.data.id as number;
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await httpSession(apiUrl, webUrl, APPLICANT);
  await registerOverHttp(apiUrl, dataDir, session.token, "applicant5@example.com", "123456");
});
afterAll(async () => browser?.close());

describe("operator review of identity and bank applications", () => {
  it("shows a rejection with its reason and the form again, then the approval, and lets the verified name open a bank account", async () => {
    const context = await phoneContext(browser);
    await storeSession(context, session);
    const page = await context.newPage();
    const status = () => page.getByTestId("application-status").getAttribute("data-status");

    // The operator API refuses a wrong token and changes nothing.
    const first = await applyForIdentity(30);
    expect((await call(`/admin/auth/review/${first}`, { status: "approved" }, { "x-admin-token": "x".repeat(32) })).code).toBe(
      401,
    );
    expect((await asOperator(`/admin/auth/review/${first}`, { status: "rejected", reason: "照片模糊" })).code).toBe(0);
    await page.goto(`${webUrl}#/pages/my/nameAuthentication?lang=cn`);
    await expect.poll(status, { timeout: 20_000 }).toBe("rejected");
    expect(await page.getByTestId("application-reason").textContent()).toContain("照片模糊");
    // Rejected: the form is offered again.
    await page.getByTestId("identity-name").waitFor();
    await screenshot(page, "account-identity-rejected");
    await expectAccessible(page, "identity rejected");

    const second = await applyForIdentity(40);
    await page.reload();
    await expect.poll(status, { timeout: 20_000 }).toBe("pending");
    // The operator opens the application's ID images with the operator's credential; the bare
    // location and another user's session open nothing. The applicant's page shows them.
    const pending = (await asOperator("/admin/auth/list", { status: "pending" })).data.list as {
      id: number;
      frontImage: string;
      backImage: string;
    }[];
    const application = pending.find((a) => a.id === second)!;
    const stranger = await httpSession(apiUrl, webUrl, STRANGER);
    for (const [location, seed] of [
      [application.frontImage, 40],
      [application.backImage, 41],
    ] as const) {
      const open = (headers: Record<string, string>) => fetch(`${apiUrl}${location}`, { headers });
      const asReviewer = await open({ "x-admin-token": adminToken });
      expect(asReviewer.status).toBe(200);
      expect(asReviewer.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await asReviewer.arrayBuffer()).equals(tinyPng(seed))).toBe(true);
      expect((await open({})).status).toBe(401);
      expect((await open({ token: stranger.token })).status).toBe(404);
      const shown = page.getByTestId(seed === 40 ? "identity-front-image" : "identity-back-image");
      await expect.poll(() => shown.getAttribute("data-state"), { timeout: 20_000 }).toBe("ready");
      expect(await shown.getAttribute("data-location")).toBe(location);
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    expect((await asOperator(`/admin/auth/review/${second}`, { status: "approved" })).code).toBe(0);
    await page.reload();
    await expect.poll(status, { timeout: 20_000 }).toBe("approved");
    expect(await page.getByTestId("identity-name").count()).toBe(0);
    await screenshot(page, "account-identity-approved");

    // The bank account's holder must be the verified name; the operator approves it.
    await page.goto(`${webUrl}#/pages/my/bank?lang=cn`);
    await page.getByTestId("bank-name").fill("中国工商银行");
    await page.getByTestId("bank-branch").fill("北京分行");
    await page.getByTestId("bank-holder").fill("李四");
    await page.getByTestId("bank-card").fill("6217001234567890122");
    await page.getByTestId("bank-submit").click();
    await expect.poll(status, { timeout: 20_000 }).toBe("pending");
    const banks = (await asOperator("/admin/bank/list", { status: "pending" })).data.list as { id: number; holder: string }[];
    const mine = banks.find((b) => b.holder === "李四");
    expect(mine).toBeDefined();
    expect((await asOperator(`/admin/bank/review/${mine!.id}`, { status: "approved" })).code).toBe(0);
    await page.reload();
    await expect.poll(status, { timeout: 20_000 }).toBe("approved");
    await screenshot(page, "account-bank-approved");
    await expectAccessible(page, "bank approved");
    await context.close();
  });
});
