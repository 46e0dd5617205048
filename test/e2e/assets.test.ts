import { formatUsdt, thousands } from "@domain/money";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../domain/demo-accounts";
import { expectAccessible, toastText } from "./support/account-fixtures";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { injectWallet } from "./support/injected-wallet";
import { httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");

/** Accounts of this file: Bob (2, type-2 account, fund password 123456) and Carol (3, test USDT in her wallet). */
const BOB = 2;
const CAROL = 3;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedIn(index: number, opts: { wallet?: boolean } = {}) {
  const session = await httpSession(apiUrl, webUrl, index);
  const context = await phoneContext(browser);
  await storeSession(context, session);
  if (opts.wallet) await injectWallet(context, { address: DEMO_ACCOUNTS[index]!.address, rpcUrl });
  const page = await context.newPage();
  return { context, page, session };
}

async function userInfo(token: string) {
  const reply = (await (await fetch(`${apiUrl}/base/api/user/info`, { headers: { token } })).json()) as {
    data: { withdrawUsdt: string; amountUsdt: string; type: number };
  };
  return reply.data;
}

async function openAssets(page: Page, lang = "cn") {
  await page.goto(`${webUrl}#/pages/assets/assets?lang=${lang}`);
  await page.getByTestId("balance-withdrawUsdt").waitFor();
}

describe("assets page", () => {
  it("refuses CNY recharge on a type-2 account, and TRON recharge and withdrawal, with the specification's texts", async () => {
    const { context, page } = await signedIn(BOB);
    await openAssets(page);
    await page.getByTestId("asset-record").first().waitFor();
    await screenshot(page, "assets-assets");
    await expectAccessible(page, "assets");

    // CNY: confirm stays disabled until a method and an amount are chosen.
    await page.getByTestId("recharge-cny").click();
    const popup = page.getByTestId("recharge-popup");
    await expect.poll(() => popup.getByRole("heading").textContent()).toBe("CNY 充值");
    expect(await popup.getByText("微信充值").count()).toBe(1);
    expect(await popup.getByText("支付宝充值").count()).toBe(1);
    const confirm = page.getByTestId("recharge-confirm");
    expect(await confirm.textContent()).toBe("确认充值");
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId("recharge-option-1").check();
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId("recharge-amount").fill("100");
    expect(await confirm.isDisabled()).toBe(false);
    await screenshot(page, "assets-recharge-cny-popup");
    await expectAccessible(page, "cny popup");
    await confirm.click();
    expect(await toastText(page)).toBe("仅支持USDT充值!");
    await popup.getByRole("button", { name: "关闭" }).click();

    // USDT: TRON is refused; reopening starts blank.
    await page.getByTestId("recharge-usdt").click();
    await expect.poll(() => popup.getByRole("heading").textContent()).toBe("USDT 充值");
    expect(await page.getByTestId("recharge-confirm").isDisabled()).toBe(true);
    await page.getByTestId("recharge-option-TRON").check();
    await screenshot(page, "assets-recharge-usdt-popup");
    await page.getByTestId("recharge-confirm").click();
    expect(await toastText(page)).toBe("暂不支持 TRON TRC20 USDT 充值!");
    await popup.getByRole("button", { name: "关闭" }).click();

    // Withdraw popup: TRON refused.
    await page.getByTestId("open-withdraw").click();
    const withdraw = page.getByTestId("withdraw-popup");
    await expect.poll(() => withdraw.getByRole("heading").textContent()).toBe("请选择USDT提现方式");
    expect(await withdraw.getByText("BSC BEP20 提现").count()).toBe(1);
    expect(await withdraw.getByText("TRON TRC20 提现").count()).toBe(1);
    expect(await page.getByTestId("withdraw-address").getAttribute("placeholder")).toBe("请输入提现地址");
    expect(await page.getByTestId("withdraw-amount").getAttribute("placeholder")).toBe("请输入提现金额");
    expect(await page.getByTestId("withdraw-password").getAttribute("placeholder")).toBe("请输入资金密码");
    expect(await page.getByTestId("withdraw-available").textContent()).toContain("可用余额");
    await page.getByTestId("withdraw-option-TRON").check();
    await page.getByTestId("withdraw-confirm").click();
    expect(await toastText(page)).toBe("暂不支持 TRON TRC20 USDT 提现!");
    await screenshot(page, "assets-withdraw-popup");
    await expectAccessible(page, "withdraw popup");
    await context.close();
  });

  // Issue 13, item 4: the server's refusals reach the user in their language, not in English.
  it("shows a refusal only the server makes in the user's language: a wrong fund password on withdraw, in cn", async () => {
    const { context, page, session } = await signedIn(BOB);
    const before = await userInfo(session.token);
    await openAssets(page, "cn");
    await page.getByTestId("open-withdraw").click();
    await page.getByTestId("withdraw-option-BSC").check();
    await page.getByTestId("withdraw-address").fill(session.address);
    await page.getByTestId("withdraw-amount").fill("10");
    await page.getByTestId("withdraw-password").fill("not-the-password");
    const reply = page.waitForResponse((r) => r.url().endsWith("/base/api/asset/withdraw"));
    await page.getByTestId("withdraw-confirm").click();
    // The server refused it (only it knows the password) with a key, and in the language the app
    // asked in (Accept-Language, ADR-0196) …
    const envelope = (await (await reply).json()) as { code: number; msg: string; key?: string };
    expect(envelope).toMatchObject({ code: 400, msg: "资金密码错误", key: "fundPassword.wrong" });
    // … and the page says it in Chinese: in the toast and inside the popup, which stays open.
    expect(await toastText(page)).toBe("资金密码错误");
    await expect.poll(() => page.getByTestId("withdraw-refusal").textContent()).toBe("资金密码错误");
    expect(await page.getByText("Wrong fund password").count()).toBe(0);
    await screenshot(page, "assets-withdraw-wrong-password-cn");
    expect((await userInfo(session.token)).withdrawUsdt).toBe(before.withdrawUsdt);
    await context.close();
  });

  it("refuses a withdrawal above withdrawUsdt and changes nothing, then withdraws: Pending, then Success with a hash", async () => {
    const { context, page, session } = await signedIn(BOB);
    const before = await userInfo(session.token);
    await openAssets(page);
    await page.getByTestId("open-withdraw").click();
    await page.getByTestId("withdraw-option-BSC").check();
    await page.getByTestId("withdraw-address").fill(session.address);
    await page.getByTestId("withdraw-amount").fill("1000000");
    await page.getByTestId("withdraw-password").fill("123456");
    await page.getByTestId("withdraw-confirm").click();
    expect(await toastText(page)).toBe("可用USDT提现余额不足!");
    expect((await userInfo(session.token)).withdrawUsdt).toBe(before.withdrawUsdt);

    // A real one: 10 USDT (the minimum) to Bob's own wallet.
    await page.getByTestId("withdraw-amount").fill("10");
    await page.getByTestId("withdraw-confirm").click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("提现成功!");
    await page.getByTestId("withdraw-popup").waitFor({ state: "detached" });
    expect(BigInt((await userInfo(session.token)).withdrawUsdt)).toBe(BigInt(before.withdrawUsdt) - 10_000_000n);

    const first = page.getByTestId("asset-record").first();
    await expect.poll(() => first.getAttribute("data-type")).toBe("withdraw");
    expect(await first.getByTestId("record-amount").textContent()).toBe("-10.00 USDT");
    expect(["Pending", "Success"]).toContain(await first.getAttribute("data-status"));
    await screenshot(page, "assets-withdraw-pending");
    // The payout worker pays it on chain; the page polls while it is Pending.
    await expect.poll(() => first.getAttribute("data-status"), { timeout: 60_000, interval: 500 }).toBe("Success");
    expect(await first.getByTestId("record-hash").textContent()).toMatch(/0x[0-9a-f]{6}…[0-9a-f]{6}/);
    await screenshot(page, "assets-withdraw-success");
    await context.close();
  });

  it("transfers withdrawable USDT into the spendable balance with the fund password", async () => {
    const { context, page, session } = await signedIn(BOB);
    const before = await userInfo(session.token);
    await openAssets(page, "en");
    await page.getByTestId("open-transfer").click();
    await page.getByTestId("transfer-amount").fill("1.5");
    await page.getByTestId("transfer-password").fill("wrong-pass");
    await page.getByTestId("transfer-confirm").click();
    await page.getByTestId("transfer-popup").getByRole("alert").waitFor();
    expect((await userInfo(session.token)).withdrawUsdt).toBe(before.withdrawUsdt);
    await screenshot(page, "assets-transfer-popup");
    await expectAccessible(page, "transfer popup");
    await page.getByTestId("transfer-password").fill("123456");
    await page.getByTestId("transfer-confirm").click();
    await page.getByTestId("transfer-popup").waitFor({ state: "detached" });
    const after = await userInfo(session.token);
    expect(BigInt(after.withdrawUsdt)).toBe(BigInt(before.withdrawUsdt) - 1_500_000n);
    expect(BigInt(after.amountUsdt)).toBe(BigInt(before.amountUsdt) + 1_500_000n);
    await expect
      .poll(() => page.getByTestId("balance-amountUsdt").textContent())
      .toContain(thousands(formatUsdt(after.amountUsdt)));
    await context.close();
  });

  it("recharges USDT through the injected wallet: approve, recharge, Pending, then credited on screen", async () => {
    const { context, page, session } = await signedIn(CAROL, { wallet: true });
    const before = BigInt((await userInfo(session.token)).amountUsdt);
    await openAssets(page, "en");
    await page.getByTestId("recharge-usdt").click();
    await page.getByTestId("recharge-option-BSC").check();
    await page.getByTestId("recharge-confirm").click();
    await page.waitForURL(/#\/pages\/assets\/recharge\?payId=BSC/);

    // The page's only wallet connects with the one tap, no list.
    await page.getByTestId("recharge-connect").click();
    await page.getByTestId("wallet-usdt-balance").waitFor();
    await expect.poll(() => page.getByTestId("wallet-usdt-balance").textContent(), { timeout: 20_000 }).toMatch(/USDT/);
    await page.getByTestId("usdt-amount").fill("5");
    await screenshot(page, "assets-recharge-page");
    await expectAccessible(page, "recharge page");

    await page.getByTestId("approve-usdt").click();
    await expect.poll(() => page.getByTestId("tx-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await expect.poll(() => page.getByTestId("confirm-recharge").isDisabled(), { timeout: 20_000 }).toBe(false);
    await page.getByTestId("confirm-recharge").click();
    const record = page.getByTestId("recharge-record").first();
    await expect.poll(() => record.getAttribute("data-status"), { timeout: 20_000 }).toBe("Pending");
    await expect.poll(() => page.getByTestId("tx-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await screenshot(page, "assets-recharge-pending");
    await expect.poll(() => record.getAttribute("data-status"), { timeout: 60_000, interval: 500 }).toBe("Success");
    const expected = `${thousands(formatUsdt(before + 5_000_000n))} USDT`;
    await expect.poll(() => page.getByTestId("recharge-account-balance").textContent(), { timeout: 20_000 }).toBe(expected);
    await screenshot(page, "assets-recharge-success");
    const calls = await page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);
    expect(calls.filter((c) => c === "eth_sendTransaction").length).toBe(2);
    await context.close();
  });
});
