import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../domain/demo-accounts";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { injectWallet } from "./support/injected-wallet";
import { signInThroughUi } from "./support/wallet-login";

const webUrl = inject("webUrl");
const rpcUrl = inject("rpcUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`.toLowerCase();

describe("wallet sign-in", () => {
  it("signs in with the injected wallet and shows its own address on the my page", async () => {
    const context = await phoneContext(browser);
    const alice = DEMO_ACCOUNTS[1]!;
    await injectWallet(context, { address: alice.address, rpcUrl });
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/login/login`);
    await page.getByTestId("connect-wallet").waitFor();
    await screenshot(page, "login");

    await signInThroughUi(page, webUrl);
    const address = page.getByTestId("user-address");
    await expect.poll(async () => (await address.textContent())?.toLowerCase().replace("...", "…")).toBe(short(alice.address));
    await expect.poll(() => page.getByTestId("invitation-code").textContent()).toBe("DEMA2345");
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      address: localStorage.getItem("address"),
      deviceId: localStorage.getItem("deviceId"),
    }));
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.address?.toLowerCase()).toBe(alice.address.toLowerCase());
    expect(stored.deviceId).toBeTruthy();
    const calls = await page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls);
    expect(calls).toContain("personal_sign");
    await screenshot(page, "my");

    // Sign out: back to login, session keys gone, device id kept, and the token is revoked.
    await page.getByTestId("sign-out").click();
    await page.waitForURL(/#\/pages\/login\/login/);
    const after = await page.evaluate(() => ({
      token: localStorage.getItem("token"),
      deviceId: localStorage.getItem("deviceId"),
    }));
    expect(after.token).toBeNull();
    expect(after.deviceId).toBe(stored.deviceId);
    const info = await fetch(`${inject("apiUrl")}/base/api/user/info`, { headers: { token: stored.token! } });
    expect((await info.json()).code).toBe(401);
    await context.close();
  });

  it("sends a signed-out visitor of the my page to login and back after signing in", async () => {
    const context = await phoneContext(browser);
    const bob = DEMO_ACCOUNTS[2]!;
    await injectWallet(context, { address: bob.address, rpcUrl });
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/my/my`);
    await page.waitForURL(/#\/pages\/login\/login/);
    expect(await page.evaluate(() => localStorage.getItem("redirect"))).toContain("/pages/my/my");
    await signInThroughUi(page, webUrl);
    await expect.poll(() => page.getByTestId("invitation-code").textContent()).toBe("DEMB2345");
    await context.close();
  });
});
