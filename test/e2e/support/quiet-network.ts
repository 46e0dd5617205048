import type { Page, Request } from "playwright-core";

/** The live-update stream (ADR-0201): open for as long as a signed-in page is. */
const LIVE_STREAM = /\/base\/api\/user\/events$/;

/**
 * Playwright's "networkidle" for pages that keep a live-update stream open: resolves once no
 * request but that stream has been in flight for `quietMs`. Watches from the call on, so call it
 * before the navigation it waits for.
 */
export function watchNetwork(page: Page, quietMs = 500) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counts = (r: Request) => !LIVE_STREAM.test(new URL(r.url()).pathname);
  page.on("request", (r) => {
    if (!counts(r)) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    async quiet(timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`the network never went quiet: ${[...inFlight].map((r) => r.url()).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
