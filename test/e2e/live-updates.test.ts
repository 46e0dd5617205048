import { formatUsdt, thousands } from "@domain/money";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { erc20Abi } from "viem";
import { gameAbi } from "../../generated/abis";
import { launchBrowser, phoneContext } from "./support/browser";
import { protocolChain } from "./support/protocol-chain";
import { hardhatAccount, httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");

/** Alice (a demo user with no recharge Pending): she pays from her wallet outside the page, as a second device would. */
const PAYER = 1;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("live updates in the browser (issue 28)", () => {
  it("a recharge credited on the server shows on an open recharge page, which polls nothing", async () => {
    const chain = protocolChain(rpcUrl, dataDir);
    const { usdt, game } = chain.c as { usdt: `0x${string}`; game: `0x${string}` };
    const payer = hardhatAccount(PAYER).address;
    await chain.write(0, usdt, erc20Abi, "transfer", [payer, 5_000_000n]);
    const session = await httpSession(apiUrl, webUrl, PAYER);
    const before = BigInt(
      (
        (await (await fetch(`${apiUrl}/base/api/user/info`, { headers: { token: session.token } })).json()) as {
          data: { amountUsdt: string };
        }
      ).data.amountUsdt,
    );
    const context = await phoneContext(browser);
    await storeSession(context, session);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (r) => {
      const url = r.url();
      if (url.includes("/asset/records") || url.includes("/user/info")) asked.push(url);
    });
    const stream = page.waitForResponse((r) => r.url().includes("/base/api/user/events"));
    await page.goto(`${webUrl}#/pages/assets/assets?lang=en`);
    await page.getByTestId("recharge-usdt").click();
    await page.getByTestId("recharge-option-BSC").check();
    await page.getByTestId("recharge-confirm").click();
    await page.waitForURL(/#\/pages\/assets\/recharge\?payId=BSC/);
    const balance = page.getByTestId("recharge-account-balance");
    await expect.poll(() => balance.textContent(), { timeout: 20_000 }).toBe(`${thousands(formatUsdt(before))} USDT`);
    expect((await stream).status()).toBe(200);
    // No recharge of this account is Pending, so nothing on the page polls: only a pushed event can move the balance.
    await page.waitForTimeout(1000);
    const askedBefore = asked.length;

    // A payment without an announced recharge, made from the wallet outside the page: the
    // chain watcher credits it to its sender, and the page hears of it on its stream.
    await chain.write(PAYER, usdt, erc20Abi, "approve", [game, 5_000_000n]);
    await chain.write(PAYER, game, gameAbi, "recharge", [usdt, 987_654_321n, 5_000_000n]);
    await expect
      .poll(() => balance.textContent(), { timeout: 15_000, interval: 250 })
      .toBe(`${thousands(formatUsdt(before + 5_000_000n))} USDT`);
    // The balance came with one refetch of the user's info (and the records') that the events caused.
    expect(asked.length - askedBefore).toBeLessThanOrEqual(3);
    await context.close();
  });
});
