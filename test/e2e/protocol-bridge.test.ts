import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { expectNoSeriousViolations, protocolPage } from "./support/protocol-chain";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("bridge", () => {
  it("explains bridging and says that the local chain has no bridge, in English and Chinese", async () => {
    const context = await phoneContext(browser);
    const page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: 14 });
    await page.goto(`${webUrl}#/pages/protocol/bridge?lang=en`);
    await page.reload();
    const none = page.getByTestId("bridge-none");
    await none.waitFor({ timeout: 20_000 });
    expect(await none.textContent()).toBe("PEX Local (Hardhat) is a local development chain: no bridge exists there.");
    expect(await page.getByTestId("bridge-list").count()).toBe(0);
    await screenshot(page, "protocol-bridge");
    await expectNoSeriousViolations(page, "bridge", ["[data-rk]"]);

    await page.goto(`${webUrl}#/pages/protocol/bridge?lang=cn`);
    await page.reload();
    await expect
      .poll(() => page.getByTestId("bridge-none").textContent(), { timeout: 20_000 })
      .toBe("PEX Local (Hardhat) 是本地开发链：那里不存在跨链桥。");
    await screenshot(page, "protocol-bridge-cn");
    await page.goto(`${webUrl}#/pages/protocol/bridge?lang=en`);
    await page.reload();
    await context.close();
  });
});
