import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { protocolPage } from "./support/protocol-chain";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");

/** The wallet layout's chunk: it brings wagmi, RainbowKit and the wrong-chain guard (app/router.tsx). */
const WALLET_LAYOUT = /\/assets\/protocol-wallet-layout-[\w-]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Records, in the page's own clock, when #root stopped being inert: the app took the server's drawing over. */
async function recordHydration(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { hydratedAt: number | null };
    w.hydratedAt = null;
    document.addEventListener("DOMContentLoaded", () => {
      const root = document.getElementById("root");
      if (!root) return;
      new MutationObserver(() => {
        if (w.hydratedAt === null && !root.hasAttribute("inert") && root.innerHTML !== "") w.hydratedAt = performance.now();
      }).observe(root, { attributes: true, attributeFilter: ["inert"] });
    });
  });
}

/** When the page started fetching the wallet layout's chunk (its clock), or null. */
const walletAskedAt = (page: Page) =>
  page.evaluate(
    (pattern) =>
      performance.getEntriesByType("resource").find((entry) => new RegExp(pattern).test(entry.name))?.startTime ?? null,
    WALLET_LAYOUT.source,
  );

async function openStakeFromServer(page: Page) {
  const screenReply = page.waitForResponse((r) => new URL(r.url()).pathname === "/first-screen");
  await page.goto(`${webUrl}#/pages/protocol/stake`);
  expect((await screenReply).status(), "the server drew stake for the signed-in visitor").toBe(200);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { hydratedAt: number | null }).hydratedAt), { timeout: 20_000 })
    .not.toBeNull();
  await page.getByTestId("fig-totalStaked").waitFor();
}

describe("the wallet code of stake drawn by the server (ADR-0216)", () => {
  it("without a tap, loads once the browser is idle after the hydration, never before it", async () => {
    const context = await phoneContext(browser);
    await recordHydration(context);
    const page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: 9 });
    await openStakeFromServer(page);
    // The live page takes the preview's place once its code is here.
    await page.getByTestId("protocol-connect").waitFor({ timeout: 20_000 });
    const hydratedAt = await page.evaluate(() => (window as unknown as { hydratedAt: number }).hydratedAt);
    const askedAt = await walletAskedAt(page);
    expect(askedAt, "the wallet code was loaded").not.toBeNull();
    expect(askedAt!, "asked for after the hydration").toBeGreaterThanOrEqual(hydratedAt);
    await context.close();
  });

  it("on a browser that is never idle, waits for the visitor's first tap", async () => {
    const context = await phoneContext(browser);
    await recordHydration(context);
    // An idle moment that never comes: only an input can start the wallet code.
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: 9 });
    const asked: string[] = [];
    page.on("request", (request) => {
      if (WALLET_LAYOUT.test(request.url())) asked.push(request.url());
    });
    await openStakeFromServer(page);
    await page.waitForTimeout(1_500);
    expect(asked, "no wallet code before a tap").toEqual([]);
    expect(await page.getByTestId("chain-guard").count()).toBe(0);
    await screenshot(page, "wallet-code-waits-for-tap");
    await page.getByTestId("fig-totalStaked").click();
    await expect.poll(() => asked.length, { message: "the tap started the wallet code" }).toBeGreaterThan(0);
    await page.getByTestId("protocol-connect").waitFor({ timeout: 20_000 });
    await context.close();
  });
});
