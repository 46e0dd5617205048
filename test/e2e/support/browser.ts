import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/**
 * A phone-sized context. `ignoreHTTPSErrors` accepts a self-signed certificate (the production
 * rehearsal's web server): this context only, as a tester who accepted it once in the browser.
 * `serviceWorkers: "block"` for a test that holds or counts a build file's requests with
 * `page.route`: once the app's worker controls the page (it registers at the load event and
 * claims the page), the files it serves never reach `page.route`, so whether the test sees a
 * request would depend on which came first (Playwright's "Service Workers" guide).
 */
export async function phoneContext(
  browser: Browser,
  opts: { ignoreHTTPSErrors?: boolean; serviceWorkers?: "allow" | "block" } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...PHONE,
    locale: "en-US",
    ignoreHTTPSErrors: opts.ignoreHTTPSErrors ?? false,
    serviceWorkers: opts.serviceWorkers ?? "allow",
  });
  await reportCspViolations(context);
  return context;
}

const cspViolations: string[] = [];

/**
 * Every Content-Security-Policy violation in a page of `context` is recorded: the web server's
 * policy must let the app do all it does, so the e2e setup file fails the test that caused one
 * (test/e2e/support/csp-guard.ts). Both the page's own event and Chromium's console report
 * are caught (a blocked inline handler, for one, only reaches the console).
 */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => void cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${e.violatedDirective} blocked ${e.blockedURI || "inline code"} on ${e.documentURI}`);
    });
  });
  context.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    // React reports a first screen it could not take over as it was (a mismatch) on the console.
    if (HYDRATION_ERROR.test(message.text())) hydrationErrors.push(`${message.type()}: ${message.text()}`);
  });
  context.on("weberror", (error) => {
    if (HYDRATION_ERROR.test(String(error.error()))) hydrationErrors.push(String(error.error()));
  });
}

const hydrationErrors: string[] = [];
/** React's hydration errors: worded in development, by number in a production build (418–425). */
const HYDRATION_ERROR = /hydrat|Minified React error #4(18|19|21|22|23|25)\b/i;

/**
 * The hydration warnings and errors since the last call: the app must hydrate the web server's
 * first screen exactly (ADR-0194), so the e2e setup file fails the test that caused one.
 */
export function takeHydrationErrors(): string[] {
  return hydrationErrors.splice(0);
}

/** The violations recorded since the last call. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Screenshots for review land in test-results/screenshots/<name>.png, or in `dir`. */
export async function screenshot(page: Page, name: string, dir = path.join("test-results", "screenshots")): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
