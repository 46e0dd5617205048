import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { connectWallet, expectNoSeriousViolations, protocolChain, protocolPage } from "./support/protocol-chain";
import { idoAbi, pexAbi, spexAbi, usdbAbi, winAbi } from "../../generated/abis";
import { routerAbi } from "../../scripts/protocol/uniswap";
import { hardhatAccount } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");
const dataDir = inject("dataDir");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let chain: ReturnType<typeof protocolChain>;
/** Account #8: the protocol pages' main test user. */
const USER = 8;
const user = hardhatAccount(USER).address;

beforeAll(async () => {
  browser = await launchBrowser();
  chain = protocolChain(rpcUrl, dataDir);
  await chain.fund(user, { pex: chain.parseEther("1000"), usdb: chain.parseEther("1000") });
  // An IDO allocation of 1,000 PEX (the owner covers it with PEX held by the IDO contract).
  await chain.write(0, chain.c.pex!, pexAbi, "transfer", [chain.c.ido!, chain.parseEther("1000")]);
  await chain.write(0, chain.c.ido!, idoAbi, "addAllocations", [[user], [chain.parseEther("1000")]]);
  // 100 USDB worth of WIN, rewarded by the owner.
  await chain.write(0, chain.c.usdb!, usdbAbi, "approve", [chain.c.win!, chain.parseEther("100")]);
  await chain.write(0, chain.c.win!, winAbi, "reward", [user, chain.parseEther("100")]);
  context = await phoneContext(browser);
  page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: USER });
});
afterAll(async () => browser?.close());

const open = async (route: string) => {
  await page.goto(`${webUrl}#/pages/protocol/${route}`);
};

describe("protocol pages", () => {
  it("shows the dashboard's current figures and charts with data", async () => {
    await open("dashboard");
    await expect.poll(() => page.getByTestId("fig-pexPrice").textContent(), { timeout: 20_000 }).toMatch(/^\$\d/);
    // Painted from the newest snapshot or the chain, the source is named; the live read takes over.
    await expect.poll(() => page.getByTestId("dashboard-now").getAttribute("data-source"), { timeout: 20_000 }).toBe("chain");
    expect(await page.getByTestId("as-of-block").textContent()).toMatch(/^As of block #\d+, /);
    expect(await page.getByTestId("fig-ethPrice").textContent()).toMatch(/^\$\d/);
    const snapshot = await page.request.get(`${apiUrl}/base/api/protocol/snapshots/latest`);
    expect(((await snapshot.json()) as { data: { snapshot: { synthetic: boolean } } }).data.snapshot?.synthetic).toBe(false);
    // The history and the chart library load once the chart's box (reserved from the start, below
    // the current figures on a phone) comes near the viewport.
    await page.locator(".chart").scrollIntoViewIfNeeded();
    await page.getByTestId("dashboard-chart").waitFor({ timeout: 20_000 });
    await page.locator(".recharts-line").first().waitFor({ timeout: 20_000 });
    expect(Number(await page.getByTestId("dashboard-chart").getAttribute("data-points"))).toBeGreaterThan(10);
    await page.getByTestId("range-7d").click();
    await expect.poll(() => page.url()).toContain("range=7d");
    await page.locator(".recharts-line").first().waitFor();
    await screenshot(page, "protocol-dashboard");
    await expectNoSeriousViolations(page, "dashboard");
    // In Chinese, with the range kept in the URL.
    await page.goto(`${webUrl}#/pages/protocol/dashboard?range=90d&lang=cn`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 20_000 }).toBe("仪表盘");
    await expect.poll(() => page.getByTestId("range-90d").getAttribute("aria-pressed")).toBe("true");
    await page.locator(".chart").scrollIntoViewIfNeeded();
    await page.locator(".recharts-line").first().waitFor({ timeout: 20_000 });
    await screenshot(page, "protocol-dashboard-cn");
    await page.goto(`${webUrl}#/pages/protocol/dashboard?lang=en`);
  });

  it("connects the wallet, stakes PEX and shows the stake in the list", async () => {
    await open("stake");
    await connectWallet(page);
    await page.getByTestId("stake-amount").fill("100");
    // No approval step: the wallet signs a permit and the stake is one transaction.
    await expect.poll(() => page.getByTestId("stake-permit-hint").getAttribute("data-permit"), { timeout: 20_000 }).toBe("true");
    await page.getByTestId("stake-submit").click();
    await expect.poll(() => page.getByTestId("stake-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await expect.poll(() => page.getByTestId("stake-item").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("stake-item").first().textContent()).toContain("100.0000 PEX");
    await screenshot(page, "protocol-stake");
    await expectNoSeriousViolations(page, "stake");
  });

  it("triggers a due rebase and the stake's reward grows", async () => {
    const rewardOf = async () => (await page.locator('[data-testid$="-reward"]').first().textContent()) ?? "";
    const before = await rewardOf();
    await chain.increaseTime(8 * 3600 + 60);
    await page.getByTestId("rebase").waitFor({ timeout: 30_000 });
    await page.getByTestId("rebase").click();
    await expect.poll(() => page.getByTestId("rebase-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await expect.poll(rewardOf, { timeout: 20_000 }).not.toBe(before);
  });

  it("claims the profit of a stake and accelerates it by a day", async () => {
    await open("claim-profit");
    const item = page.getByTestId("profit-item").first();
    await item.waitFor({ timeout: 20_000 });
    await expect.poll(() => item.getByTestId("claim-profit").isEnabled(), { timeout: 20_000 }).toBe(true);
    await item.getByTestId("claim-profit").click();
    await expect.poll(() => item.getByTestId("profit-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await item.locator("summary").click();
    await item.getByTestId("accelerate-days").fill("1");
    await expect.poll(() => item.getByTestId("accelerate-quote").textContent(), { timeout: 20_000 }).toMatch(/USDB/);
    await expect
      .poll(() => item.getByTestId("accelerate-permit-hint").getAttribute("data-permit"), { timeout: 20_000 })
      .toBe("true");
    await item.getByTestId("accelerate-submit").click();
    await expect.poll(() => item.getByTestId("profit-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await screenshot(page, "protocol-claim-profit");
    await expectNoSeriousViolations(page, "claim-profit");
  });

  it("buys an ETH bond and an LP bond and lists both notes", async () => {
    await open("bond");
    await page.getByTestId("bond-amount").waitFor({ timeout: 20_000 });
    const notes = page.getByTestId("bond-note");
    const before = await notes.count();
    await page.getByTestId("bond-amount").fill("1");
    await expect.poll(() => page.getByTestId("bond-quote").textContent(), { timeout: 20_000 }).toMatch(/PEX/);
    await page.getByTestId("bond-submit").click();
    await expect.poll(() => page.getByTestId("bond-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await page.getByTestId("bond-kind-lp").click();
    await page.getByTestId("bond-amount").fill("0.5");
    await expect.poll(() => page.getByTestId("bond-quote").textContent(), { timeout: 20_000 }).toMatch(/PEX/);
    await page.getByTestId("bond-submit").click();
    await expect.poll(() => page.getByTestId("bond-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await expect.poll(() => notes.count(), { timeout: 20_000 }).toBe(before + 2);
    expect(await page.locator('[data-testid="bond-note"][data-kind="1"]').count()).toBeGreaterThan(0);
    await screenshot(page, "protocol-bond");
    await expectNoSeriousViolations(page, "bond");
  });

  it("pauses bond quotes while the pool's price is moved beyond the bound, and quotes again once it is back", async () => {
    // The owner (#0) dumps PEX into the PEX-ETH pool: the spot price falls more than 10 % below
    // the average that bonds are priced from.
    const owner = chain.owner.account.address;
    const dumped = chain.parseEther("15000");
    const path = [chain.c.pex!, chain.c.weth!];
    const deadline = (await chain.publicClient.getBlock()).timestamp + 3600n;
    const [, eth] = await chain.read<readonly bigint[]>(chain.c.uniswapRouter!, routerAbi, "getAmountsOut", [dumped, path]);
    await chain.write(0, chain.c.pex!, pexAbi, "approve", [chain.c.uniswapRouter!, dumped]);
    await chain.write(0, chain.c.uniswapRouter!, routerAbi, "swapExactTokensForETH", [dumped, 0n, path, owner, deadline]);
    await open("bond");
    await page.reload();
    await expect
      .poll(() => page.getByTestId("bond-price-refusal").getAttribute("data-refusal"), { timeout: 20_000 })
      .toBe("moving");
    expect(await page.getByTestId("fig-eth-price").textContent()).toBe("—");
    await page.getByTestId("bond-amount").fill("1");
    await expect.poll(() => page.getByTestId("bond-quote").getAttribute("data-refusal"), { timeout: 20_000 }).toBe("moving");
    expect(await page.getByTestId("bond-quote").textContent()).toMatch(/moving fast.*try again in a few minutes/);
    expect(await page.getByTestId("bond-submit").isDisabled()).toBe(true);
    await screenshot(page, "protocol-bond-price-moving");
    // Bought back: the spot is near the average again and the page quotes.
    await chain.write(
      0,
      chain.c.uniswapRouter!,
      routerAbi,
      "swapExactETHForTokens",
      [0n, [...path].reverse(), owner, deadline],
      eth,
    );
    await page.reload();
    await page.getByTestId("bond-amount").fill("1");
    await expect.poll(() => page.getByTestId("bond-quote").textContent(), { timeout: 20_000 }).toMatch(/PEX/);
    expect(await page.getByTestId("bond-price-refusal").count()).toBe(0);
    expect(await page.getByTestId("bond-submit").isEnabled()).toBe(true);
  });

  it("redeems WIN for USDB", async () => {
    await open("win-reward");
    const balance = page.getByTestId("fig-win-balance");
    await expect.poll(() => balance.textContent(), { timeout: 20_000 }).toMatch(/WIN/);
    const before = await balance.textContent();
    await page.getByTestId("win-amount").fill("10");
    await expect.poll(() => page.getByTestId("win-quote").textContent()).toMatch(/\d+\.\d{4}/);
    await page.getByTestId("win-redeem").click();
    await expect.poll(() => page.getByTestId("win-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await expect.poll(() => balance.textContent(), { timeout: 20_000 }).not.toBe(before);
    await screenshot(page, "protocol-win-reward");
    await expectNoSeriousViolations(page, "win-reward");
  });

  it("claims the IDO's 65 % and then 35 % after time passes", async () => {
    await open("ido-release");
    await page.getByTestId("claim-65").waitFor({ timeout: 20_000 });
    await page.getByTestId("claim-65").click();
    await expect.poll(() => page.getByTestId("ido-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    await expect.poll(() => page.getByTestId("fig-ido-received").textContent(), { timeout: 20_000 }).toMatch(/^650\.\d\d PEX$/);
    await chain.increaseTime(30 * 86_400);
    await page.reload();
    // The test wallet keeps this site's permission across the reload, as a real one does: the page reconnects by itself.
    await expect.poll(() => page.getByTestId("claim-35").isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId("claim-35").click();
    await expect.poll(() => page.getByTestId("ido-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    const received = await chain.read<{ received: bigint }>(chain.c.ido!, idoAbi, "getReleaseInfo", [user]);
    expect(received.received).toBeGreaterThan(chain.parseEther("650"));
    await screenshot(page, "protocol-ido-release");
    await expectNoSeriousViolations(page, "ido-release");
  });

  it("swaps ETH for PEX on the exchange", async () => {
    await open("exchange");
    await page.getByTestId("swap-amount").waitFor({ timeout: 20_000 });
    const pexBefore = await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [user]);
    await page.getByTestId("swap-amount").fill("0.1");
    await expect.poll(() => page.getByTestId("fig-swap-out").textContent(), { timeout: 20_000 }).toMatch(/PEX/);
    await page.getByTestId("swap-submit").click();
    await expect.poll(() => page.getByTestId("swap-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    expect(await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [user])).toBeGreaterThan(pexBefore);
    await screenshot(page, "protocol-exchange");
    await expectNoSeriousViolations(page, "exchange");
  });

  it("swaps USDB for PEX on the PEX-USDB pool, approving the exact amount first", async () => {
    await open("exchange");
    await page.getByTestId("sell-usdb").click();
    await expect.poll(() => page.getByTestId("buy-pex").getAttribute("aria-pressed")).toBe("true");
    const usdbFigure = page.getByTestId("fig-bal-usdb");
    await expect.poll(() => usdbFigure.textContent(), { timeout: 20_000 }).toMatch(/\d USDB$/);
    const shownBefore = await usdbFigure.textContent();
    const usdbBefore = await chain.read<bigint>(chain.c.usdb!, usdbAbi, "balanceOf", [user]);
    const pexBefore = await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [user]);
    await page.getByTestId("swap-amount").fill("50");
    await expect.poll(() => page.getByTestId("fig-swap-out").textContent(), { timeout: 20_000 }).toMatch(/PEX$/);
    expect(await page.getByTestId("fig-swap-route").textContent()).toBe("USDB → PEX");
    // At about 3 USDB per PEX, 50 USDB buy a little under 16.67 PEX.
    const quoted = Number((await page.getByTestId("fig-swap-out").textContent())!.replace(/[^\d.]/g, ""));
    expect(quoted).toBeGreaterThan(15);
    expect(quoted).toBeLessThan(16.67);
    expect(await page.getByTestId("swap-submit").isDisabled()).toBe(true);
    await page.getByTestId("swap-approve").click();
    await expect.poll(() => page.getByTestId("swap-approve").getAttribute("data-approved"), { timeout: 30_000 }).toBe("true");
    expect(await chain.read<bigint>(chain.c.usdb!, usdbAbi, "allowance", [user, chain.c.uniswapRouter!])).toBe(
      chain.parseEther("50"),
    );
    await page.getByTestId("swap-submit").click();
    await expect.poll(() => page.getByTestId("swap-status").getAttribute("data-phase"), { timeout: 30_000 }).toBe("confirmed");
    expect(await chain.read<bigint>(chain.c.usdb!, usdbAbi, "balanceOf", [user])).toBe(usdbBefore - chain.parseEther("50"));
    const gained = (await chain.read<bigint>(chain.c.pex!, pexAbi, "balanceOf", [user])) - pexBefore;
    expect(gained).toBeGreaterThan(chain.parseEther("15"));
    await expect.poll(() => usdbFigure.textContent(), { timeout: 20_000 }).not.toBe(shownBefore);
    await screenshot(page, "protocol-exchange-usdb");
    await expectNoSeriousViolations(page, "exchange-usdb");
  });

  it("shows the DAO reward and WIN pages", async () => {
    for (const [route, testId] of [
      ["dao-reward", "fig-dao-node"],
      ["win", "fig-win-price"],
      ["win1-reward", "win1-redeem"],
    ] as const) {
      await open(route);
      await page.getByTestId(testId).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.getByTestId(testId).textContent(), { timeout: 20_000 }).not.toBe("");
      if (route === "win") await page.getByTestId("fig-win1-price").waitFor();
      await screenshot(page, `protocol-${route}`);
      await expectNoSeriousViolations(page, route);
    }
  });

  it("says so when the wallet rejects a transaction and when a call reverts", async () => {
    await open("stake");
    const item = page.getByTestId("stake-item").first();
    await item.waitFor({ timeout: 20_000 });
    // The wallet says no.
    await page.evaluate(() => {
      const w = window as unknown as { ethereum: { request: (a: { method: string }) => Promise<unknown> } };
      const original = w.ethereum.request.bind(w.ethereum);
      w.ethereum.request = async (args) => {
        if (args.method === "eth_sendTransaction") throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        return original(args);
      };
      (window as unknown as { __restore: () => void }).__restore = () => (w.ethereum.request = original);
    });
    await item.getByTestId("unstake").click();
    await expect.poll(() => page.getByTestId("unstake-status").getAttribute("data-phase"), { timeout: 20_000 }).toBe("rejected");
    await page.evaluate(() => (window as unknown as { __restore: () => void }).__restore());
    // The chain says no: the stake is closed behind the page's back, then unstaked again from the page.
    const id = BigInt((await item.getAttribute("data-id"))!);
    await chain.write(USER, chain.c.spex!, spexAbi, "unStake", [id]);
    await item.getByTestId("unstake").click();
    await expect.poll(() => page.getByTestId("unstake-status").getAttribute("data-phase"), { timeout: 20_000 }).toBe("reverted");
    expect(await page.getByTestId("unstake-status").textContent()).toContain("SPexStakeClosed");
    await screenshot(page, "protocol-stake-reverted");
  });
});
