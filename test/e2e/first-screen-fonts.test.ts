import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FIRST_SCREEN_FONTS } from "@/boot/warm-fonts";
import { launchBrowser, phoneContext } from "./support/browser";
import { figuresRead } from "./support/protocol-figures";
import { httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * The text styles a page's #root shows, as FIRST_SCREEN_FONTS names them: weight and size, and
 * the family where it is not the body's.
 */
function textStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bodyFamily = getComputedStyle(document.body).fontFamily;
    const styles = new Set<string>();
    const walker = document.createTreeWalker(document.getElementById("root")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || !element.getClientRects().length) continue;
      const s = getComputedStyle(element);
      if (s.visibility === "hidden") continue;
      styles.add(`${s.fontWeight} ${s.fontSize}${s.fontFamily === bodyFamily ? "" : ` ${s.fontFamily}`}`);
    }
    return [...styles].sort();
  });
}

/** Opens `hash` in a new page until the web server's first screen shows in it, at most twice. */
async function openDrawn(context: BrowserContext, hash: string): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    const page = await context.newPage();
    await page.goto(`${webUrl}${hash}`);
    const drawn = await page
      .waitForSelector("#root[data-first-screen]", { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (drawn) return page;
    await page.close();
    if (attempt === 2) throw new Error(`${hash}: no first screen twice`);
  }
}

async function expectWarmed(context: BrowserContext, hash: string) {
  const page = await openDrawn(context, hash);
  const unwarmed = (await textStyles(page)).filter((style) => !FIRST_SCREEN_FONTS.includes(style));
  expect(unwarmed, `${hash}: text styles the boot script does not warm (src/boot/warm-fonts.ts)`).toEqual([]);
  // The warm-up's own text is gone once the screen is in.
  await expect.poll(() => page.locator("body > div[lang]").count(), { message: hash }).toBe(0);
  await page.close();
}

describe("the fonts of the first screens, warmed while they are on their way (ADR-0224)", () => {
  it("every landing page opened without a session draws only text styles the boot script warms", async () => {
    await figuresRead(apiUrl);
    const context = await phoneContext(browser);
    for (const hash of [
      "#/pages/index/index",
      "#/pages/login/login",
      "#/pages/goods-detail/goods-detail?id=1",
      "#/pages/protocol/dashboard",
    ])
      for (const lang of ["en", "cn", "kr"]) await expectWarmed(context, `${hash}${hash.includes("?") ? "&" : "?"}lang=${lang}`);
    await context.close();
  });

  it("so does every landing page of a signed-in visitor", async () => {
    await figuresRead(apiUrl);
    const session = await httpSession(apiUrl, webUrl, 1);
    const context = await phoneContext(browser);
    await storeSession(context, session);
    for (const hash of [
      "#/pages/index/index",
      "#/pages/assets/assets",
      "#/pages/my/my",
      "#/pages/protocol/stake",
      "#/pages/protocol/bond",
      "#/pages/protocol/lottery",
    ])
      await expectWarmed(context, hash);
    await context.close();
  });
});
