import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, phoneContext } from "./support/browser";
import { figuresRead } from "./support/protocol-figures";

const webUrl = inject("webUrl");
const apiUrl = inject("apiUrl");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Opens `hash` and keeps the address of every worker the page starts until it is hydrated. */
async function openCountingWorkers(context: BrowserContext, hash: string): Promise<{ page: Page; workers: string[] }> {
  const page = await context.newPage();
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  await page.goto(`${webUrl}${hash}`);
  // The app is in: the boot screen is gone, and so are the first screen's marks (hydrated).
  await page.waitForFunction(
    () => {
      const root = document.getElementById("root");
      return Boolean(root?.firstElementChild) && !root!.querySelector(".boot-nav") && !root!.hasAttribute("inert");
    },
    undefined,
    { timeout: 20_000 },
  );
  return { page, workers };
}

describe("the date data loaded off the main thread (ADR-0226)", () => {
  it("a landing page that shows times starts the boot script's worker, which the policy allows and the server keeps immutable", async () => {
    await figuresRead(apiUrl);
    // Blocked: the app's own worker must not answer the worker's script from its cache.
    const context = await phoneContext(browser, { serviceWorkers: "block" });
    const { page, workers } = await openCountingWorkers(context, "#/pages/protocol/dashboard?lang=cn");
    await page.getByTestId("dashboard-now").waitFor();
    const started = workers.filter((url) => /\/assets\/warm-intl-[0-9a-f]{8}\.js$/.test(new URL(url).pathname));
    expect(started, `workers: ${workers.join(", ")}`).toHaveLength(1);
    const reply = await fetch(started[0]!);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toMatch(/javascript/);
    expect(reply.headers.get("cache-control")).toContain("immutable");
    // A classic script: it loads the date data and ends itself.
    const code = await reply.text();
    expect(code).toContain("Intl.DateTimeFormat");
    expect(code).not.toMatch(/\bimport\b/);
    await context.close();
  });

  it("a landing page without times starts none", async () => {
    const context = await phoneContext(browser, { serviceWorkers: "block" });
    const { workers } = await openCountingWorkers(context, "#/pages/index/index");
    expect(workers.filter((url) => url.includes("warm-intl"))).toEqual([]);
    await context.close();
  });
});
