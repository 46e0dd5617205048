import { gzipSync } from "node:zlib";
import type { BrowserContext } from "playwright-core";
import { launchBrowser, PHONE } from "../test/e2e/support/browser";
import { watchNetwork } from "../test/e2e/support/quiet-network";

export interface RouteJs {
  /** gzip bytes of the JavaScript loaded when the route opens. */
  initialGzip: number;
  /** … plus what loads once the user asks for the wallet (when `walletButton` is given). */
  totalGzip: number;
  files: { url: string; gzip: number; phase: "initial" | "wallet" }[];
}

/**
 * Opens `url` at phone size and adds up the gzip size of every script it loads. `prepare` can
 * set the context up first (a signed-in session for pages behind sign-in). `ready` names an element
 * the page shows once its own code ran (the network can fall quiet before the route's lazy code is
 * asked for); `walletReady` one that the wallet step shows (the wallet list's dialog).
 */
export async function routeJs(
  url: string,
  opts: {
    walletButton?: string;
    prepare?: (context: BrowserContext) => Promise<void>;
    ready?: string;
    walletReady?: string;
    /** A phone's user agent, for code that asks it rather than the screen (RainbowKit's modal does). */
    userAgent?: string;
  } = {},
): Promise<RouteJs> {
  const { walletButton, prepare, ready, walletReady, userAgent } = opts;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ ...PHONE, ...(userAgent ? { userAgent } : {}) });
    if (prepare) await prepare(context);
    const page = await context.newPage();
    const files: RouteJs["files"] = [];
    let phase: "initial" | "wallet" = "initial";
    const pending: Promise<void>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      const at = phase;
      pending.push(
        res
          .body()
          .then(
            (body) => void files.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length, phase: at }),
          )
          .catch(() => undefined),
      );
    });
    // Quiet but for a signed-in page's live-update stream, which stays open (ADR-0201): a landing
    // page drawn by the server starts it soon enough that "networkidle" would never come.
    const network = watchNetwork(page);
    await page.goto(url, { waitUntil: "load" });
    await network.quiet();
    if (ready) {
      await page.waitForSelector(ready);
      await network.quiet();
    }
    await Promise.all(pending);
    // Script written into the page itself (index.html's first requests) is JavaScript the phone
    // downloads too.
    for (const code of await page.$$eval("script:not([src])", (els) => els.map((e) => e.textContent ?? ""))) {
      if (code.trim()) files.push({ url: "(inline script)", gzip: gzipSync(code, { level: 9 }).length, phase: "initial" });
    }
    if (walletButton) {
      phase = "wallet";
      await page.click(walletButton);
      if (walletReady) await page.waitForSelector(walletReady);
      await network.quiet();
      await page.waitForTimeout(500);
      await Promise.all(pending);
    }
    // A module the page preloaded and then imported may answer twice: each file counts once.
    const counted = files.filter(
      (f, i) => f.url === "(inline script)" || files.findIndex((g) => g.url === f.url && g.phase === f.phase) === i,
    );
    const sum = (list: typeof files) => list.reduce((n, f) => n + f.gzip, 0);
    return { initialGzip: sum(counted.filter((f) => f.phase === "initial")), totalGzip: sum(counted), files: counted };
  } finally {
    await browser.close();
  }
}
