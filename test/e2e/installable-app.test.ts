import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { watchNetwork } from "./support/quiet-network";
import { launchBrowser, PHONE, phoneContext, reportCspViolations, screenshot } from "./support/browser";
import { httpSession, storeSession } from "./support/shop-fixtures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");

/** Alice (demo account 1): orders, balances and a team to browse; only read here. */
const ALICE = 1;
const GERMAN = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../locales/de.json"), "utf8")) as Record<string, string>;
/** A text only the German catalogue chunk holds. */
const GERMAN_MARKER = GERMAN["home.bannerTitle"]!;
const GERMAN_OFFLINE = "Sie sind offline.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function whenControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
}

interface CachedEntry {
  cache: string;
  url: string;
  headers: string[];
}

/** Every entry of every Cache Storage cache of the origin, with the headers of its request. */
function cachedEntries(page: Page): Promise<CachedEntry[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; headers: string[] }[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        entries.push({ cache: name, url: request.url, headers: [...request.headers.keys()] });
      }
    }
    return entries;
  });
}

/** Waits until a cached file holds `text` (the worker caches what the page loaded before it took over). */
async function waitForCachedText(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    async (marker) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if ((await (await cache.match(request))?.text())?.includes(marker)) return true;
        }
      }
      return false;
    },
    text,
    { timeout: 30_000, polling: 250 },
  );
}

/** Goes offline with an empty HTTP cache: whatever loads now comes from the worker's caches. */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  await context.setOffline(true);
}

describe("installable app", () => {
  it("is installable for Chromium: the linked manifest parses without errors and a worker controls the start page", async () => {
    // Chromium never offers to install from an incognito profile, which a plain context is.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pex-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
      ...PHONE,
      locale: "en-US",
    });
    try {
      await reportCspViolations(context);
      const page = await context.newPage();
      await page.goto(`${webUrl}#/pages/index/index`);
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe("/manifest.webmanifest");
      await whenControlled(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[]; data: string };
      expect(manifest.url).toBe(new URL("/manifest.webmanifest", webUrl).href);
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data)).toMatchObject({ start_url: "/#/pages/index/index", display: "standalone" });
      const installability = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
      expect(installability.installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe("offline", () => {
  it("a reload offline shows the cached shell with the notice in the chosen language, also without the locale chunk", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // The link chooses German (and stores the choice); the browser itself says English.
    await page.goto(`${webUrl}#/pages/index/index?lang=de`);
    await page.getByTestId("product-card").first().waitFor();
    await whenControlled(page);
    await waitForCachedText(page, GERMAN_MARKER);
    expect(await page.getByTestId("offline-notice").textContent()).toBe("");

    await goOffline(context, page);
    await page.reload();
    const notice = page.getByTestId("offline-notice");
    await expect.poll(() => notice.textContent(), { timeout: 20_000 }).toContain(GERMAN_OFFLINE);
    expect(await notice.getAttribute("lang")).toBe("de");
    // The app itself started from the cache, in German: the shell, not the browser's error page.
    await page.getByText(GERMAN_MARKER).waitFor();
    await screenshot(page, "offline-shell");

    // Without the German catalogue in any cache the app cannot load its texts, and the notice
    // still speaks German: its texts travel with the shell.
    const removed = await page.evaluate(async (marker) => {
      let count = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if ((await (await cache.match(request))?.text())?.includes(marker)) count += Number(await cache.delete(request));
        }
      }
      return count;
    }, GERMAN_MARKER);
    expect(removed).toBeGreaterThan(0);
    await goOffline(context, page);
    await page.reload();
    await expect.poll(() => notice.textContent(), { timeout: 20_000 }).toContain(GERMAN_OFFLINE);
    expect(await page.getByText(GERMAN_MARKER).count()).toBe(0);

    await context.setOffline(false);
    await expect.poll(() => notice.textContent()).toBe("");
    await context.close();
  });

  it("keeps no API reply and nothing sent with the session token in any cache after browsing signed-in pages", async () => {
    const session = await httpSession(apiUrl, webUrl, ALICE);
    const context = await phoneContext(browser);
    await storeSession(context, session);
    const page = await context.newPage();
    const api: { url: string; token: boolean; fromWorker: boolean }[] = [];
    const assets: boolean[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith("/base/api/")) {
        api.push({ url: url.pathname, token: "token" in response.request().headers(), fromWorker: response.fromServiceWorker() });
      } else if (url.pathname.startsWith("/assets/")) assets.push(response.fromServiceWorker());
    });
    await page.goto(`${webUrl}#/pages/index/index`);
    await whenControlled(page);
    const routes = [
      "/pages/index/index",
      "/pages/my/my",
      "/pages/assets/assets",
      "/pages/goods-detail/goods-detail?id=1",
      "/pages/team/team",
      "/pages/index/productRevenue",
      "/pages/alloy/index",
      "/pages/notice/notice",
    ];
    // The live-update stream stays open on a signed-in page: "network idle" never comes.
    const network = watchNetwork(page);
    for (const route of routes) {
      await page.goto(`${webUrl}#${route}`);
      // A full load of each page, through the worker's navigation route, with every call it makes.
      await page.reload({ waitUntil: "load" });
      await network.quiet();
    }
    expect(await page.evaluate(() => navigator.serviceWorker.controller != null)).toBe(true);
    // The pages did call the API with the session, and the worker served build files meanwhile.
    expect(api.filter((r) => r.token).length).toBeGreaterThan(routes.length);
    expect(api.filter((r) => r.fromWorker)).toEqual([]);
    expect(assets.some((fromWorker) => fromWorker)).toBe(true);

    const entries = await cachedEntries(page);
    expect(entries.some((e) => new URL(e.url).pathname.startsWith("/assets/"))).toBe(true);
    expect(entries.filter((e) => new URL(e.url).pathname.startsWith("/base/api"))).toEqual([]);
    expect(entries.filter((e) => e.headers.includes("token"))).toEqual([]);
    await context.close();
  });
});

describe("our images", () => {
  /** Records layout shifts and the largest contentful paint from the start of every page load. */
  async function observedContext(): Promise<BrowserContext> {
    const context = await phoneContext(browser);
    await context.addInitScript(() => {
      const w = window as unknown as { __shifts: number[]; __lcpUrl: string };
      w.__shifts = [];
      w.__lcpUrl = "";
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as (PerformanceEntry & { url: string }) | undefined;
        if (last) w.__lcpUrl = last.url;
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    return context;
  }

  /** Scrolls through the page and waits until every image in it has arrived. */
  async function loadEveryImage(page: Page): Promise<void> {
    for (let y = 0; y <= 3; y++) {
      await page.evaluate((step) => window.scrollTo(0, (document.body.scrollHeight * step) / 3), y);
      await page.waitForTimeout(200);
    }
    await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0), null, {
      timeout: 20_000,
    });
  }

  const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);

  interface PictureFacts {
    types: (string | null)[];
    srcsets: (string | null)[];
    loading: string | null;
    fetchPriority: string | null;
    width: string | null;
    height: string | null;
    currentSrc: string;
  }
  const pictureFacts = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((pictures) =>
      pictures.map((picture) => {
        const img = picture.querySelector("img")!;
        const sources = [...picture.querySelectorAll("source")];
        return {
          types: sources.map((s) => s.getAttribute("type")),
          srcsets: sources.map((s) => s.getAttribute("srcset")),
          loading: img.getAttribute("loading"),
          fetchPriority: img.getAttribute("fetchpriority"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          currentSrc: img.currentSrc,
        };
      }),
    ) as Promise<PictureFacts[]>;

  it("home: the cards' images come as AVIF at the card's size, in fixed boxes, the first eager and first in line", async () => {
    const context = await observedContext();
    const page = await context.newPage();
    await page.goto(`${webUrl}#/pages/index/index`);
    await page.getByTestId("product-card").first().waitFor();
    await loadEveryImage(page);
    expect(await shifts(page)).toEqual([]);

    const cards = await pictureFacts(page, ".product-card picture");
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const card of cards) {
      expect(card.types).toEqual(["image/avif", "image/webp"]);
      expect(card.srcsets.every((s) => /-192\.\w+ 192w/.test(s ?? ""))).toBe(true);
      expect([card.width, card.height]).toEqual(["96", "96"]);
      // A 96 px box on a 2x screen: the 192 px AVIF, not a larger one.
      expect(card.currentSrc).toMatch(/\/demo\/products\/variants\/[a-z]+-192\.avif$/);
    }
    expect([cards[0]!.loading, cards[0]!.fetchPriority]).toEqual(["eager", "high"]);
    expect(cards.slice(1).every((c) => c.loading === "lazy" && c.fetchPriority !== "high")).toBe(true);
    await context.close();
  });

  it("product detail: the first image is the page's LCP, eager and high priority, sized to the screen; nothing shifts", async () => {
    const context = await observedContext();
    const home = await context.newPage();
    await home.goto(`${webUrl}#/pages/index/index`);
    const href = await home.getByTestId("product-card").first().getByRole("link").getAttribute("href");
    await home.close();
    // Opened as a page of its own (a shared link): a tap would end the LCP's measurement.
    const page = await context.newPage();
    await page.goto(`${webUrl}${href}`);
    await page.getByTestId("product-detail").waitFor();
    await page.getByTestId("product-description").getByRole("img").first().waitFor();
    await loadEveryImage(page);
    expect(await shifts(page)).toEqual([]);

    const gallery = await pictureFacts(page, ".gallery picture");
    expect(gallery.length).toBeGreaterThanOrEqual(2);
    expect(gallery[0]!.types).toEqual(["image/avif", "image/webp"]);
    expect([gallery[0]!.loading, gallery[0]!.fetchPriority]).toEqual(["eager", "high"]);
    expect(gallery[1]!.loading).toBe("lazy");
    // The card is 358 px wide on a 390 px phone: 716 device pixels, so the 864 px file.
    expect(gallery[0]!.currentSrc).toMatch(/-864\.avif$/);
    const lcpUrl = await page.evaluate(() => (window as unknown as { __lcpUrl: string }).__lcpUrl);
    expect(lcpUrl).toBe(gallery[0]!.currentSrc);
    // An image in the operator's description holds its box too (width and height given).
    const described = await page.getByTestId("product-description").getByRole("img").first().boundingBox();
    expect(described?.height).toBeGreaterThan(100);
    await context.close();
  });
});
