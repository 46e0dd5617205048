import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shortenAddress } from "../../domain/address";
import { protocolMenus } from "../../src/config/paths";
import en from "../../locales/en.json";
import { expectAccessible, mailedCode } from "./support/account-fixtures";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { injectWallet } from "./support/injected-wallet";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/**
 * Accounts of this file: Alice (1) is only read; 7 signs in unregistered and registers on the
 * way. The demo deploy bound 7 under 6 in the DAO's tree on chain, so registering keeps 6.
 */
const ALICE = 1;
const NEWCOMER = 7;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const menuName = (id: string) => (en as Record<string, string>)[`protocol.menu.${id}`]!;
const zoneTabActive = (page: Page) => page.getByTestId("tab-zone").getAttribute("aria-current");
const ZONE = /#\/pages\/alloy\/index$/;

/** Home greets a signed-in address once a day with the check-in overlay: close it. */
async function closeCheckin(page: Page) {
  await page.getByTestId("checkin-close").click();
  await page.getByTestId("checkin-overlay").waitFor({ state: "detached" });
}

describe("the protocol area from the zone tab", () => {
  it("lists the 13 menus; each opens its page with the tab bar (zone active), and back returns to the zone tab", async () => {
    const context = await phoneContext(browser);
    await storeSession(context, await httpSession(apiUrl, webUrl, ALICE));
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/alloy/index`);
    const grid = page.getByTestId("protocol-menu-grid");
    await grid.waitFor();
    await page.getByTestId("alloy-list").waitFor();
    expect(await grid.getByRole("link").allTextContents()).toEqual(protocolMenus.map((m) => menuName(m.id)));
    await screenshot(page, "zone-tab");
    await expectAccessible(page, "zone tab");

    for (const menu of protocolMenus) {
      await page.getByTestId(`zone-protocol-${menu.id}`).click();
      await page.waitForURL(new RegExp(`#${menu.path}$`));
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(menuName(menu.id));
      expect(await page.getByRole("navigation", { name: "Main navigation" }).isVisible()).toBe(true);
      expect(await zoneTabActive(page)).toBe("page");
      if (menu.id === "stake") await screenshot(page, "zone-protocol-stake");
      await page.getByTestId("header-back").click();
      await page.waitForURL(ZONE);
      await grid.waitFor();
      await expect.poll(() => zoneTabActive(page)).toBe("page");
    }
    await context.close();
  });

  it("back returns where the visitor came from: home, the zone tab across menu switches, the zone tab when opened directly", async () => {
    const context = await phoneContext(browser);
    await storeSession(context, await httpSession(apiUrl, webUrl, ALICE));
    const page = await context.newPage();

    // From home's protocol card: back to home.
    await page.goto(`${webUrl}#/pages/index/index`);
    await closeCheckin(page);
    await page.getByTestId("protocol-bond").click();
    await page.waitForURL(/#\/pages\/protocol\/bond$/);
    await expect.poll(() => zoneTabActive(page)).toBe("page");
    await page.getByTestId("header-back").click();
    await page.waitForURL(/#\/pages\/index\/index$/);

    // From the zone tab, then two menus of the strip: back to the zone tab, not through the menus.
    await page.getByTestId("tab-zone").click();
    await page.getByTestId("zone-protocol-dashboard").click();
    await page.getByTestId("protocol-nav-lottery").click();
    await page.waitForURL(/#\/pages\/protocol\/lottery$/);
    await page.getByTestId("protocol-nav-exchange").click();
    await page.waitForURL(/#\/pages\/protocol\/exchange$/);
    await screenshot(page, "zone-protocol-exchange");
    await page.getByTestId("header-back").click();
    await page.waitForURL(ZONE);

    // Opened by its address (a shared link): nothing of ours before it, so the zone tab.
    const direct = await context.newPage();
    await direct.goto(`${webUrl}#/pages/protocol/ido-release`);
    await direct.getByTestId("header-back").click();
    await direct.waitForURL(ZONE);
    await expect.poll(() => zoneTabActive(direct)).toBe("page");
    await context.close();
  });
});

describe("an address that has not registered", () => {
  it("browses, is asked before buying, registers and comes back to the product", async () => {
    const context = await phoneContext(browser);
    const newcomer = hardhatAccount(NEWCOMER);
    await injectWallet(context, { address: newcomer.address, rpcUrl });
    const page = await context.newPage();

    // Sign in (one tap in the wallet's browser); registering can wait.
    await page.goto(`${webUrl}#/pages/login/login`);
    await page.getByTestId("connect-wallet").click();
    await page.getByTestId("register-form").waitFor({ timeout: 30_000 });
    // Bound on chain before registering: the form says that inviter is kept, and takes no code.
    const boundTo = shortenAddress(hardhatAccount(6).address.toLowerCase());
    await expect.poll(() => page.getByTestId("register-chain-inviter").textContent()).toContain(boundTo);
    expect(await page.getByTestId("register-invitation").isDisabled()).toBe(true);
    await screenshot(page, "unregistered-signed-in");
    await page.getByTestId("register-later").click();
    await page.waitForURL(/#\/pages\/my\/my$/);
    const banner = page.getByTestId("registration-banner");
    await banner.waitFor();
    await screenshot(page, "unregistered-my");
    await expectAccessible(page, "my page with the registration banner");

    // The assets tab browses; withdrawing asks first, and "Not now" changes nothing.
    await page.getByTestId("tab-assets").click();
    await page.getByTestId("balance-withdrawUsdt").waitFor();
    await page.getByTestId("open-withdraw").click();
    const prompt = page.getByTestId("registration-prompt");
    await prompt.waitFor();
    await page.getByTestId("registration-prompt-later").click();
    await prompt.waitFor({ state: "detached" });
    expect(page.url()).toMatch(/#\/pages\/assets\/assets$/);

    // A product: buying asks first and leads to registration.
    await page.getByTestId("tab-home").click();
    await closeCheckin(page);
    await page.getByTestId("product-card").first().getByRole("link").click();
    await page.waitForURL(/#\/pages\/goods-detail\/goods-detail\?id=\d+$/);
    const productUrl = page.url();
    await page.getByTestId("product-detail").waitFor();
    await page.getByTestId("buy").click();
    await prompt.waitFor();
    expect(await page.getByTestId("purchase-popup").count()).toBe(0);
    await screenshot(page, "unregistered-buy-prompt");
    await expectAccessible(page, "registration prompt");
    await page.getByTestId("registration-prompt-go").click();
    await page.waitForURL(/#\/pages\/login\/login$/);

    const email = "newcomer7@example.com";
    await page.getByTestId("email").fill(email);
    const since = Date.now() - 1000;
    await page.getByTestId("send-code").click();
    await page.getByTestId("email-code").fill(await mailedCode(dataDir, email, since));
    await page.getByTestId("register-password").fill("246810");
    await page.getByTestId("register-repeat").fill("246810");
    await page.getByTestId("register-submit").click();

    // Back on the product, and buying now opens the purchase popup.
    await page.waitForURL(productUrl);
    await page.getByTestId("buy").click();
    await page.getByTestId("purchase-popup").waitFor();
    expect(await prompt.count()).toBe(0);
    await screenshot(page, "registered-buy-popup");
    await page.getByTestId("purchase-popup").getByRole("button", { name: "Close" }).click();

    await page.getByTestId("header-back").click();
    await page.getByTestId("tab-mine").click();
    await page.getByTestId("entry-bank").waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
