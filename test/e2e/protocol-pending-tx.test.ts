import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { connectWallet, protocolChain, protocolPage } from "./support/protocol-chain";
import { hardhatAccount } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");
/** Account #18: used by no other browser test (#19 is the price keeper's). */
const USER = 18;

let browser: Browser;
let chain: ReturnType<typeof protocolChain>;

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  await chain.fund(hardhatAccount(USER).address, { pex: chain.parseEther("50") });
});
afterAll(async () => browser?.close());

describe("transaction runner", () => {
  it("keeps waiting for a submitted transaction across a page reload, then shows it confirmed", async () => {
    const context = await phoneContext(browser);
    const page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: USER });
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("10");
    // With automine off the stake stays in the mempool: signed, submitted, not yet mined.
    await chain.rpc("evm_setAutomine", [false]);
    try {
      await page.getByTestId("stake-submit").click();
      await expect
        .poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 })
        .toBe("confirming");
      const hash = await page.getByTestId("stake-status-hash").getAttribute("title");
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      await page.reload();
      // After the reload the page picks the transaction up again from its hash.
      await expect
        .poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 })
        .toBe("confirming");
      expect(await page.getByTestId("stake-status-hash").getAttribute("title")).toBe(hash);
      expect(await page.getByTestId("stake-item").count()).toBe(0);
      await screenshot(page, "protocol-pending-after-reload");
      await chain.rpc("evm_mine");
    } finally {
      await chain.rpc("evm_setAutomine", [true]);
    }
    await expect.poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    // The runner refreshed the reads: the new position is listed.
    await expect.poll(() => page.getByTestId("stake-item").count(), { timeout: 30_000 }).toBe(1);
    await context.close();
  });
});
