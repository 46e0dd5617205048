import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shortenAddress } from "../../domain/address";
import { DEMO_ACCOUNTS } from "../../domain/demo-accounts";
import { daoAbi } from "../../generated/abis";
import { expectAccessible, mailedCode, registerOverHttp, textedCode, tinyPng, toastText } from "./support/account-fixtures";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { decodeQr } from "./support/decode-qr";
import { injectWallet } from "./support/injected-wallet";
import { protocolChain, protocolPage } from "./support/protocol-chain";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/**
 * Accounts of this file: Alice (1) is only read; 10 registers through her link; 11 verifies
 * identity and keeps addresses; Carol (3) resets her fund password to the demo one (123456).
 */
const ALICE = 1;
const INVITEE = 10;
const MEMBER = 11;
const CAROL = 3;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedIn(index: number) {
  const session = await httpSession(apiUrl, webUrl, index);
  const context = await phoneContext(browser);
  await storeSession(context, session);
  return { context, page: await context.newPage(), session };
}

describe("my page and the invitation link", () => {
  it("shows the entries and a share QR encoding the invitation link; the link registers a new wallet under the inviter", async () => {
    const { context, page } = await signedIn(ALICE);
    await page.goto(`${webUrl}#/pages/my/my?lang=cn`);
    await page.getByTestId("entry-identity").waitFor();
    // The version and download links of user/download (none configured in the tests' stack).
    await expect.poll(() => page.getByTestId("app-version").textContent()).toBe("版本 1.0.0（客户端 5）");
    expect(await page.getByTestId("download-none").isVisible()).toBe(true);
    await screenshot(page, "account-my");
    await expectAccessible(page, "my");
    await page.getByTestId("entry-share").click();
    const link = `${webUrl}#/pages/login/login?invitationCode=DEMA2345`;
    await expect.poll(() => page.getByTestId("invite-link").textContent()).toBe(link);
    expect(await page.getByTestId("invite-qr").getAttribute("data-value")).toBe(link);
    // What a phone camera reads off the rendered code, logo and all.
    expect(await decodeQr(page.getByTestId("invite-qr"))).toBe(link);
    // The logo sits in the centre of the code.
    await expect.poll(() => page.getByTestId("invite-qr").locator("image").count(), { timeout: 10_000 }).toBe(1);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByTestId("copy-invite-link").click();
    expect(await toastText(page)).toBe("复制成功");
    await screenshot(page, "account-share-popup");
    await expectAccessible(page, "share popup");
    await context.close();

    // A new wallet opens the link, signs in and registers: the code is pre-filled from the spread key.
    const fresh = await phoneContext(browser);
    const invitee = hardhatAccount(INVITEE);
    await injectWallet(fresh, { address: invitee.address, rpcUrl });
    const newPage = await fresh.newPage();
    await newPage.goto(link);
    // A fresh context loads the whole app first: allow for its boot, not only for the write.
    await expect.poll(() => newPage.evaluate(() => localStorage.getItem("spread")), { timeout: 15_000 }).toBe("DEMA2345");
    // The wallet app's browser holds one wallet: one tap connects it and signs in.
    await newPage.getByTestId("connect-wallet").click();
    await newPage.getByTestId("register-form").waitFor();
    expect(await newPage.getByTestId("register-invitation").inputValue()).toBe("DEMA2345");
    const email = "invitee10@example.com";
    await newPage.getByTestId("email").fill(email);
    const since = Date.now() - 1000;
    await newPage.getByTestId("send-code").click();
    await expect.poll(() => newPage.getByTestId("send-code").isDisabled()).toBe(true);
    await newPage.getByTestId("email-code").fill(await mailedCode(dataDir, email, since));
    await newPage.getByTestId("register-password").fill("654321");
    await newPage.getByTestId("register-repeat").fill("654321");
    await screenshot(newPage, "account-register");
    await expectAccessible(newPage, "register");
    // Not bound on chain yet: the form says nothing of a binding there.
    expect(await newPage.getByTestId("register-chain-inviter").count()).toBe(0);
    await newPage.getByTestId("register-submit").click();
    await newPage.waitForURL(/#\/pages\/my\/my/);
    await expect.poll(() => newPage.getByTestId("inviter").textContent()).toBe("DEMA2345");
    await fresh.close();

    // The server's binder puts the pair on chain within a minute (its interval is seconds).
    const chain = protocolChain(rpcUrl, dataDir);
    const alice = hardhatAccount(ALICE).address;
    const dao = chain.c.dao!;
    const started = Date.now();
    await expect
      .poll(() => chain.read<string>(dao, daoAbi, "inviterOf", [invitee.address]), { timeout: 60_000, interval: 500 })
      .toBe(alice);
    expect(await chain.read<readonly string[]>(dao, daoAbi, "inviteesOf", [alice])).toContain(invitee.address);
    expect(Date.now() - started).toBeLessThan(60_000);

    // Alice's team page lists the new member, marked on chain.
    const short = shortenAddress(invitee.address.toLowerCase());
    const team = await phoneContext(browser);
    const teamPage = await protocolPage(team, { apiUrl, webUrl, rpcUrl, index: ALICE });
    await teamPage.goto(`${webUrl}#/pages/team/team?lang=cn`);
    const record = teamPage.getByTestId("invite-record").filter({ hasText: short });
    // A fresh context boots, signs in and reads the team: more than the poll's default second when loaded.
    await expect.poll(() => record.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => record.getByTestId("invite-record-chain").textContent(), { timeout: 30_000 }).toBe("已上链");
    await screenshot(teamPage, "account-team-invitee");
    // And her DAO Reward page lists it among her direct invitees on chain.
    await teamPage.goto(`${webUrl}#/pages/protocol/dao-reward?lang=cn`);
    const onChain = teamPage.locator(`[data-testid="dao-invitee"][data-address="${invitee.address.toLowerCase()}"]`);
    await expect.poll(() => onChain.count(), { timeout: 30_000 }).toBe(1);
    expect(await teamPage.getByTestId("dao-invitee").first().getAttribute("data-address")).toBe(invitee.address.toLowerCase());
    await screenshot(teamPage, "account-dao-reward-invitee");
    await expectAccessible(teamPage, "dao reward with invitees");
    await team.close();
  });
});

describe("account pages", () => {
  beforeAll(async () => {
    const session = await httpSession(apiUrl, webUrl, MEMBER);
    await registerOverHttp(apiUrl, dataDir, session.token, "member11@example.com", "123456");
  });

  it("verifies identity with two single-image uploads and shows the pending status", async () => {
    const { context, page } = await signedIn(MEMBER);
    await page.goto(`${webUrl}#/pages/my/nameAuthentication?lang=cn`);
    await page.getByTestId("identity-name").waitFor();
    await screenshot(page, "account-identity-form");
    await expectAccessible(page, "identity form");
    await page.getByTestId("identity-name").fill("张三");
    // Wrong check digit first: refused on the page.
    await page.getByTestId("identity-number").fill("110105194912310021");
    await page.getByTestId("identity-submit").click();
    await page.getByText("身份证号无效（请检查号码及校验位）。").waitFor();
    await page.getByTestId("identity-number").fill("11010519491231002X");
    await page.getByTestId("upload-front-input").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: tinyPng(1) });
    await page.getByTestId("upload-front-image").waitFor();
    await page.getByTestId("upload-back-input").setInputFiles({ name: "back.png", mimeType: "image/png", buffer: tinyPng(2) });
    await page.getByTestId("upload-back-image").waitFor();
    /** An ID image shows only once the page has fetched it with the session: a blob: URL that decodes. */
    const rendersPrivately = async (testId: string) => {
      const image = page.getByTestId(testId);
      await expect.poll(() => image.getAttribute("data-state"), { timeout: 20_000 }).toBe("ready");
      expect(await image.getAttribute("src")).toMatch(/^blob:/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      return (await image.getAttribute("data-location"))!;
    };
    const frontLocation = await rendersPrivately("upload-front-image");
    const backLocation = await rendersPrivately("upload-back-image");
    expect(frontLocation).toMatch(/^\/base\/api\/uploads\/[0-9a-f]{32}\.png$/);
    expect(backLocation).toMatch(/^\/base\/api\/uploads\/[0-9a-f]{32}\.png$/);
    // The location alone opens nothing: a request without the session is refused.
    const anonymous = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get("content-type") };
    }, frontLocation);
    expect(anonymous.status).toBe(401);
    expect(anonymous.type).toMatch(/^application\/json/);
    await screenshot(page, "account-identity-uploaded");
    await page.getByTestId("identity-submit").click();
    await expect.poll(() => page.getByTestId("application-status").getAttribute("data-status")).toBe("pending");
    // The status shows the two uploaded images, also when it is read back from the server.
    for (const fresh of [false, true]) {
      if (fresh) await page.reload();
      await page.getByTestId("identity-front-image").waitFor();
      expect(await rendersPrivately("identity-front-image")).toBe(frontLocation);
      expect(await rendersPrivately("identity-back-image")).toBe(backLocation);
      expect(await page.getByTestId("identity-front-image").getAttribute("alt")).toBe("已上传的身份证正面照片");
      expect(await page.getByTestId("identity-back-image").getAttribute("alt")).toBe("已上传的身份证反面照片");
    }
    await screenshot(page, "account-identity-pending");
    await expectAccessible(page, "identity status");
    await context.close();
  });

  it("adds, edits, sets the default of and deletes addresses", async () => {
    const { context, page } = await signedIn(MEMBER);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${webUrl}#/pages/address/address?lang=cn`);
    await page.getByTestId("empty").waitFor();
    await screenshot(page, "account-address-empty");

    const add = async (receiver: string, phone: string, detail: string) => {
      await page.getByTestId("address-add").click();
      await page.getByTestId("region-province").waitFor();
      await page.getByTestId("address-receiver").fill(receiver);
      await page.getByTestId("address-phone").fill("12345678901");
      await page.getByTestId("address-save").click();
      await page.getByText("请输入 11 位手机号码（以 1 开头，第二位为 3–9）。").waitFor();
      await page.getByTestId("address-phone").fill(phone);
      // A number new to this user's addresses is proved once with the SMS code.
      const since = Date.now() - 1000;
      await page.getByTestId("address-send-code").click();
      await page.getByTestId("address-phone-code").fill(await textedCode(dataDir, phone, since));
      await page.getByTestId("region-province").selectOption("11");
      await page.getByTestId("region-city").selectOption("1101");
      await page.getByTestId("region-district").selectOption("110105");
      await page.getByTestId("address-detail").fill(detail);
      await screenshot(page, "account-address-add");
      await expectAccessible(page, "address form");
      await page.getByTestId("address-save").click();
      await page.waitForURL(/#\/pages\/address\/address$/);
    };
    await add("张三", "13912345678", "建国路 1 号");
    await add("李四", "13812345678", "建国路 2 号");
    const items = page.getByTestId("address-item");
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().getAttribute("data-default")).toBe("true");
    expect(await items.first().textContent()).toContain("张三");

    // Make the second one the default: it moves first.
    await items.nth(1).getByTestId("address-set-default").click();
    await expect.poll(() => items.first().textContent()).toContain("李四");
    expect(await items.first().getAttribute("data-default")).toBe("true");

    // Edit the other one.
    await items.nth(1).getByTestId("address-edit").click();
    await expect.poll(() => page.getByTestId("address-receiver").inputValue()).toBe("张三");
    await page.getByTestId("address-detail").fill("建国路 100 号");
    await page.getByTestId("address-save").click();
    await page.waitForURL(/#\/pages\/address\/address$/);
    await expect.poll(() => items.nth(1).textContent()).toContain("建国路 100 号");
    await screenshot(page, "account-address-list");
    await expectAccessible(page, "address list");

    // Delete it (confirmed).
    await items.nth(1).getByTestId("address-delete").click();
    await expect.poll(() => items.count()).toBe(1);
    await context.close();
  });

  it("checks the bank form on the page and shows the server's refusal before identity is approved", async () => {
    const { context, page } = await signedIn(MEMBER);
    await page.goto(`${webUrl}#/pages/my/bank?lang=en`);
    await page.getByTestId("bank-name").waitFor();
    await screenshot(page, "account-bank-form");
    await expectAccessible(page, "bank form");
    await page.getByTestId("bank-name").fill("中国工商银行");
    await page.getByTestId("bank-branch").fill("北京朝阳支行");
    await page.getByTestId("bank-holder").fill("张三");
    await page.getByTestId("bank-card").fill("6222 0202 0011 2233 445");
    await page.getByTestId("bank-submit").click();
    await page.getByText("Enter a valid card number (12–19 digits).").waitFor();
    await page.getByTestId("bank-card").fill("6222 0202 0011 2233 446");
    await page.getByTestId("bank-submit").click();
    expect(await toastText(page)).toMatch(/Verify your identity first/);
    await context.close();
  });

  it("resets the fund password with a mailed code", async () => {
    // Carol (3): her address got no other code this minute (one send per minute per address).
    // The new password is the demo one again, so other tests still know it.
    const { context, page } = await signedIn(CAROL);
    await page.goto(`${webUrl}#/pages/find-pwd/find-pwd?lang=en`);
    const email = "carol@example.com";
    await page.getByTestId("email").fill(email);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await expect.poll(() => page.getByTestId("send-code").textContent()).toMatch(/Resend in \d+ s/);
    await page.getByTestId("email-code").fill(await mailedCode(dataDir, email, since));
    await page.getByTestId("find-password").fill("123456");
    await page.getByTestId("find-repeat").fill("123456");
    await page.getByTestId("find-submit").click();
    await page.waitForURL(/#\/pages\/my\/my/);
    expect(await toastText(page)).toBe("Fund password changed");
    await context.close();
  });

  it("shows the bank, team and find-password pages", async () => {
    const { context, page } = await signedIn(ALICE);
    await page.goto(`${webUrl}#/pages/my/bank?lang=cn`);
    await expect.poll(() => page.getByTestId("application-status").getAttribute("data-status")).toBe("approved");
    await screenshot(page, "account-bank");
    await expectAccessible(page, "bank");
    await page.goto(`${webUrl}#/pages/team/team?lang=cn`);
    await page.getByTestId("team-members").waitFor();
    expect(Number(await page.getByTestId("team-size").textContent())).toBeGreaterThanOrEqual(2);
    await page.getByTestId("invite-records").waitFor();
    await screenshot(page, "account-team");
    await expectAccessible(page, "team");
    await page.goto(`${webUrl}#/pages/find-pwd/find-pwd?lang=cn`);
    await page.getByTestId("email").fill("alice@example.com");
    await page.getByTestId("send-code").click();
    await expect.poll(() => page.getByTestId("send-code").textContent()).toMatch(/秒后重发/);
    await screenshot(page, "account-find-pwd");
    await expectAccessible(page, "find-pwd");
    expect(DEMO_ACCOUNTS[ALICE]).toBeTruthy();
    await context.close();
  });
});
