import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../domain/demo-accounts";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { type WalletStyle, injectWallet } from "./support/injected-wallet";

const webUrl = inject("webUrl");
const rpcUrl = inject("rpcUrl");

/** Alice (1) signs in; nothing of her account changes. */
const alice = DEMO_ACCOUNTS[1]!;
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`.toLowerCase();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Records whether RainbowKit's wallet list (its `data-rk` root) ever enters the page. */
async function watchWalletList(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __walletListShown: boolean };
    w.__walletListShown = false;
    new MutationObserver(() => {
      if (document.querySelector("[data-rk]")) w.__walletListShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

const walletCalls = (page: Page) => page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);
const listShown = (page: Page) => page.evaluate(() => (window as unknown as { __walletListShown: boolean }).__walletListShown);

describe("sign-in in a wallet app's browser (one injected wallet): one tap to the signature", () => {
  it.each<[WalletStyle, string]>([
    ["eip6963", "EIP-6963 announcement only"],
    ["metamask", "window.ethereum only, isMetaMask"],
    ["bare", "window.ethereum only, no wallet flag and no events"],
  ])("%s (%s)", async (style) => {
    const context = await phoneContext(browser);
    await injectWallet(context, { address: alice.address, rpcUrl, style });
    await watchWalletList(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/login/login`);
    const connect = page.getByTestId("connect-wallet");
    await connect.waitFor();
    expect(await page.getByTestId("no-wallet-hint").count()).toBe(0);

    // One tap, and nothing else: the wallet is asked for the account, then for the signature.
    await connect.click();
    await page.waitForURL(/#\/pages\/my\/my$/, { timeout: 30_000 });
    const calls = await walletCalls(page);
    expect(calls.filter((c) => c === "personal_sign")).toHaveLength(1);
    expect(calls.indexOf("eth_requestAccounts")).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf("eth_requestAccounts")).toBeLessThan(calls.indexOf("personal_sign"));
    expect(await listShown(page)).toBe(false);
    await expect
      .poll(async () => (await page.getByTestId("user-address").textContent())?.toLowerCase().replace("...", "…"))
      .toBe(short(alice.address));
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await screenshot(page, `dapp-signin-${style}`);
    await context.close();
  });
});

describe("where there is a choice, the wallet list stays", () => {
  it("two wallets announce themselves on a phone: the list opens, and signing in goes on from the chosen wallet", async () => {
    const context = await phoneContext(browser);
    await injectWallet(context, { address: alice.address, rpcUrl, style: "both", count: 2 });
    await watchWalletList(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/login/login`);
    await page.getByTestId("connect-wallet").click();
    const entry = page.getByRole("button", { name: /Browser Wallet|Test Wallet/i }).first();
    await entry.waitFor({ timeout: 30_000 });
    expect(await listShown(page)).toBe(true);
    expect(await walletCalls(page)).not.toContain("eth_requestAccounts");
    await screenshot(page, "dapp-signin-list");
    await entry.click();
    await page.getByTestId("sign-in").click();
    await page.waitForURL(/#\/pages\/my\/my$/, { timeout: 30_000 });
    expect((await walletCalls(page)).filter((c) => c === "personal_sign")).toHaveLength(1);
    await context.close();
  });

  it("a desktop browser with one wallet gets the list", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    await injectWallet(context, { address: alice.address, rpcUrl });
    await watchWalletList(context);
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/login/login`);
    await page.getByTestId("connect-wallet").click();
    await page
      .getByRole("button", { name: /Browser Wallet|Test Wallet/i })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await listShown(page)).toBe(true);
    expect(await walletCalls(page)).not.toContain("personal_sign");
    await context.close();
  });
});
