import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext, screenshot } from "./support/browser";
import { protocolPage } from "./support/protocol-chain";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");
const rpcUrl = inject("rpcUrl");

/** The wallet layout's chunk: it brings wagmi, RainbowKit and the wrong-chain guard (app/router.tsx). */
const WALLET_LAYOUT = /\/assets\/protocol-wallet-layout-[\w-]+\.js$/;

interface FiguresReply {
  figures: { block: { number: string } } | null;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Holds every request of the wallet layout's chunk until `release()`; counts the wallet code's requests. */
async function holdWalletCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(WALLET_LAYOUT, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  return { release, asked };
}

const card = (page: Page, headingId: string) => page.locator(`section.card:has(#${headingId})`);
const asOf = (page: Page, headingId: string) => card(page, headingId).getByTestId("as-of-block");

describe("the protocol pages' first card, from the server's figures", () => {
  it("stake, bond and lottery paint their public figures (and stake the account's balances) before the wallet code, and the live reads take over in place", async () => {
    // The wallet chunk's requests are held with page.route, which sees none the app's worker serves.
    const context = await phoneContext(browser, { serviceWorkers: "block" });
    const page = await protocolPage(context, { apiUrl, webUrl, rpcUrl, index: 9 });
    const { release, asked } = await holdWalletCode(page);
    const screenReply = page.waitForResponse((r) => new URL(r.url()).pathname === "/first-screen");
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    // Drawn by the web server for the session (ADR-0213): the summary and the account's balances,
    // from the data the app then hydrates (the block the figures are as of is in it).
    const screen = await screenReply;
    expect(screen.status(), "the server drew stake for the signed-in visitor").toBe(200);
    const drawn = (await screen.json()) as {
      html: string;
      state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(drawn.html).toContain('data-testid="fig-totalStaked"');
    expect(drawn.html).toContain('data-testid="fig-pexBalance"');
    const figuresQuery = drawn.state.queries.find((q) => JSON.stringify(q.queryKey) === '["protocol","figures"]');
    const block = (figuresQuery?.state.data as FiguresReply | undefined)?.figures?.block.number;
    expect(block, "the server has figures").toMatch(/^\d+$/);
    const serverAsOf = new RegExp(`^As of block #${block}, `);

    // Stake: the summary with its figures and the server's block, the wallet code still held back.
    await expect.poll(() => page.getByTestId("fig-totalStaked").textContent(), { timeout: 20_000 }).toMatch(/ PEX$/);
    expect(await page.getByTestId("fig-apy").textContent()).toMatch(/%$/);
    expect(await page.getByTestId("fig-epoch").textContent()).toMatch(/^\d+$/);
    await expect.poll(() => page.getByTestId("fig-nextRebase").textContent()).toMatch(/\d\d:\d\d:\d\d|due/i);
    expect(await asOf(page, "stake-summary").textContent()).toMatch(serverAsOf);
    // The server drew these before the app's entry ran; the entry then asks for the wallet code.
    // At the latest 2 s after the hydration (the gate's idle timeout, app/wallet-code-wanted.ts):
    // the poll's own default of 1 s raced it whenever the browser had no idle moment sooner.
    await expect
      .poll(() => asked.length, { message: "the wallet code was asked for and is held", timeout: 5_000 })
      .toBeGreaterThan(0);
    expect(await page.getByTestId("chain-guard").count()).toBe(0);
    // The signed-in account's balances, as the server read them for its session (ADR-0212).
    const balances = card(page, "stake-balances");
    await balances.waitFor({ timeout: 20_000 });
    expect(await balances.getAttribute("data-source")).toBe("server");
    const serverPex = await page.getByTestId("fig-pexBalance").textContent();
    expect(serverPex).toMatch(/^\d[\d,]*\.\d{4} PEX$/);
    expect(await page.getByTestId("fig-spexBalance").textContent()).toMatch(/^\d[\d,]*\.\d{4} sPEX$/);
    await page.getByTestId("protocol-user-panel").waitFor();
    // The app has taken the server's drawing over (first-screen.test.ts shows it is hydrated in place).
    await expect.poll(() => page.locator("#root").getAttribute("inert")).toBeNull();
    expect(drawn.html).toContain(`>${serverPex}<`);
    await screenshot(page, "first-figures-stake-before-wallet");

    // Bond and lottery, opened from the menu while the wallet code is still held.
    await page.goto(`${webUrl}#/pages/protocol/bond`);
    await expect.poll(() => page.getByTestId("fig-market").textContent(), { timeout: 20_000 }).toMatch(/ USDB$/);
    expect(await page.getByTestId("fig-eth-capacity").textContent()).toMatch(/ PEX$/);
    expect(await asOf(page, "bond-terms").textContent()).toMatch(serverAsOf);
    await screenshot(page, "first-figures-bond-before-wallet");
    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await page.locator("section.lottery-round").waitFor({ timeout: 20_000 });
    expect(await asOf(page, "lottery-round").textContent()).toMatch(serverAsOf);
    if ((await page.getByTestId("lottery-round").count()) > 0) {
      expect(await page.getByTestId("lottery-jackpot").textContent()).toMatch(/ USDT$/);
      expect(await page.getByTestId("fig-lottery-players").textContent()).toMatch(/^\d+$/);
    }
    await screenshot(page, "first-figures-lottery-before-wallet");
    expect(await page.getByTestId("chain-guard").count()).toBe(0);

    // Back on stake: the wallet code arrives, its reads take over the same card, which does not move.
    await page.goto(`${webUrl}#/pages/protocol/stake`);
    await page.getByTestId("fig-totalStaked").waitFor();
    const summary = card(page, "stake-summary");
    const before = await summary.boundingBox();
    const rowBefore = await page.getByTestId("fig-totalStaked").boundingBox();
    const balancesBefore = await balances.boundingBox();
    release();
    // The live screen: the wallet's reads take over the balances in the same card, where it was
    // (the same account's, so the same figures), and the guard comes below both.
    await page.getByTestId("chain-guard").waitFor({ timeout: 30_000 });
    await expect.poll(() => balances.getAttribute("data-source"), { timeout: 30_000 }).toBe("chain");
    expect(await page.getByTestId("fig-pexBalance").textContent()).toBe(serverPex);
    expect(await balances.boundingBox()).toEqual(balancesBefore);
    const after = await summary.boundingBox();
    expect({ x: after?.x, y: after?.y, width: after?.width }).toEqual({ x: before?.x, y: before?.y, width: before?.width });
    expect(await page.getByTestId("fig-totalStaked").boundingBox()).toEqual(rowBefore);
    expect(await asOf(page, "stake-summary").textContent()).toMatch(/^As of block #\d+, /);
    const guardBox = await page.getByTestId("chain-guard").boundingBox();
    expect(guardBox!.y).toBeGreaterThanOrEqual(balancesBefore!.y + balancesBefore!.height);
    await screenshot(page, "first-figures-stake-live");

    // The lottery's round card, live, in the place the preview had it.
    await page.goto(`${webUrl}#/pages/protocol/lottery`);
    await page.locator("section.lottery-round").waitFor({ timeout: 20_000 });
    await page.getByTestId("lottery-tab-history").waitFor({ timeout: 30_000 });
    await screenshot(page, "first-figures-lottery-live");
    await context.close();
  });
});
