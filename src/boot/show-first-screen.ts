import { FIRST_SCREEN_ADDRESS_HEADER, FIRST_SCREEN_PATH, type FirstScreen } from "@domain/first-screen";
import { LANDINGS_WITH_TIMES, drawnFor } from "@/config/landing-pages";
import { HTML_LANG } from "@/config/languages";
import { preloadImageAs } from "@/lib/preload-image";
import { storageKeys } from "@/lib/session";
import { holdsInjectedWallet } from "@/lib/wallet/injected-providers";
import { bootLanguage, firstLoadRoute, readStorage } from "./first-load";
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_STATE_ID, type FirstLoadPlan } from "./first-load-plan";
import { warmFonts } from "./warm-fonts";

/** How long a landing page waits for its first screen before the app starts without it. */
export const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Paints a landing page's first screen from the web server (src/boot/first-screen.tsx) while the
 * app's entry is still downloading: on a phone network the page's own content then shows about
 * as soon as its data and image are here, not after the entry (about 90 KB) has arrived and run.
 * Settles once that screen has painted, or at once when there is none: the app starts then and
 * hydrates it (main.tsx). #root stays inert meanwhile, so that a tap is never taken by a screen
 * that cannot answer it yet.
 *
 * For the pages config/landing-pages.ts names for this visitor (a signed-in visitor's drawn with
 * their session: ADR-0198); sign-in as it shows in this browser, with or without a wallet.
 */
export async function showFirstScreen(plan: FirstLoadPlan, appStarted: () => boolean, w: Window = window): Promise<void> {
  const page = firstLoadRoute(w.location.hash);
  if (!page || !wantsFirstScreen(w)) return;
  const lang = bootLanguage(w);
  const query = new URLSearchParams({ hash: w.location.hash, lang });
  // Sign-in in a browser that holds a wallet is drawn as it shows there (no "get a wallet" hint).
  if (page.route === "login" && holdsInjectedWallet()) query.set("wallet", "1");
  // A signed-in visitor's screen is drawn with their session: in headers, never in the URL.
  const token = readStorage(w, storageKeys.token);
  const address = readStorage(w, storageKeys.address);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.token = token;
  if (token && address) headers[FIRST_SCREEN_ADDRESS_HEADER] = address;
  const replied = w.fetch(`${FIRST_SCREEN_PATH}?${query.toString()}`, { headers });
  // While the screen is on its way, off the main thread: the date data the app's hydration of the
  // screen's times would otherwise load on it, after the paint (src/boot/warm-intl-worker.ts).
  if (LANDINGS_WITH_TIMES.has(page.route))
    w.setTimeout(() => {
      try {
        new Worker(plan.intlWorker, { name: HTML_LANG[lang] });
      } catch {
        // Only a head start: the app loads the data itself when it formats its first time.
      }
    }, 0);
  // And its fonts, until the screen or the app is in, or this has settled without a screen.
  let over = false;
  const shown = () => over || appStarted() || Boolean(w.document.getElementById("root")?.hasAttribute(FIRST_SCREEN_ATTRIBUTE));
  parsed(w.document)
    .then(() => warmFonts(HTML_LANG[lang], shown, w))
    .catch(() => undefined);
  try {
    const reply = await replied;
    if (reply.status !== 200) return;
    const screen = (await reply.json()) as FirstScreen;
    if (appStarted()) return;
    for (const { src, ...image } of screen.images) if (src) preloadImageAs({ src, ...image });
    // Its styles first: an unstyled screen would only shift into place.
    await Promise.all(plan.routes[page.route].styles.map((href) => stylesheet(w.document, href)));
    await parsed(w.document);
    const root = w.document.getElementById("root");
    if (!root || appStarted()) return;
    root.innerHTML = screen.html;
    root.setAttribute("inert", "");
    root.setAttribute(FIRST_SCREEN_ATTRIBUTE, "");
    // The data the screen was drawn from, as JSON the app hydrates its query cache with before it
    // hydrates the screen: a data block, which no policy runs as a script.
    const state = w.document.createElement("script");
    state.type = "application/json";
    state.id = FIRST_SCREEN_STATE_ID;
    state.textContent = JSON.stringify(screen.state);
    w.document.body.append(state);
    w.document.documentElement.lang = HTML_LANG[lang];
    // Its largest image decoded, and a frame of it shown, before the app's code takes the main
    // thread for a while: else it would paint only after that. Picked by its markup (the page marks
    // it `fetchpriority="high"`), not by measuring where the images fell: a measurement here would
    // lay the whole screen out inside this task, which was then the longest after the first paint;
    // the frame below lays it out in a task of its own.
    await Promise.all(largestImages(root).map((img) => img.decode?.().catch(() => undefined)));
    await painted(w);
  } finally {
    // Settled: the app starts now, with or without the screen (main.tsx); the warm-up is over.
    over = true;
  }
}

/** The images the page loads first and at once (components/ui/product-image.tsx's `priority`). */
function largestImages(root: HTMLElement): HTMLImageElement[] {
  return [...root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
}

/**
 * A landing page the web server can draw for this visitor (config/landing-pages.ts): with a
 * session (a token: the screen is drawn with it) or without one (no token and no address).
 */
export function wantsFirstScreen(w: Window = window): boolean {
  const page = firstLoadRoute(w.location.hash);
  if (!page) return false;
  const token = readStorage(w, storageKeys.token);
  // An address without a token: signed in as far as the app goes, but no session to draw with.
  if (!token && readStorage(w, storageKeys.address)) return false;
  return drawnFor(page.route, Boolean(token));
}

function stylesheet(doc: Document, href: string): Promise<void> {
  if (doc.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    doc.head.append(link);
  });
}

function parsed(doc: Document): Promise<void> {
  if (doc.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
}

/**
 * Once the next frame is on the screen: the second animation frame's callback runs only after the
 * first one was presented. At once in a hidden tab, which shows no frame.
 */
function painted(w: Window): Promise<void> {
  if (w.document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => w.requestAnimationFrame(() => w.requestAnimationFrame(() => w.setTimeout(resolve, 0))));
}
