import "./styles/global.css";
import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app";
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_STATE_ID } from "@/boot/first-load-plan";
import { FIGURES_FIRST_PATHS } from "@/app/protocol-figures-preview";
import { preloadRoute } from "@/app/router";
import { holdWalletCode } from "@/app/wallet-code-wanted";
import { Toaster } from "@/components/ui/toaster";
import { initI18n } from "@/lib/i18n";
import { queryKeys } from "@/lib/query-keys";
import { queryClient } from "@/lib/react-query";
import { yieldToBrowser } from "@/lib/yield-to-browser";
import { getToken, storeUserInfo, subscribeSession } from "@/lib/session";
import type { UserInfo } from "@/types/api";
import "@/lib/service-worker/start";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

/**
 * The data the web server's first screen was drawn from (src/boot/show-first-screen.ts), or null
 * when #root holds no such screen. Read once: the block goes with it.
 */
function firstScreenState(container: HTMLElement): unknown {
  const block = document.getElementById(FIRST_SCREEN_STATE_ID);
  block?.remove();
  if (!container.hasAttribute(FIRST_SCREEN_ATTRIBUTE) || !block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as unknown;
  } catch {
    return null;
  }
}

/**
 * The app's start after the first paint, in parts (issue 27, "Interactive soon after the paint"):
 * the first screen's data, then the texts, then the page's code each start in a task of their own,
 * so none of them adds to the long task the entry's own evaluation already is.
 */
async function start(container: HTMLElement) {
  const state = firstScreenState(container);
  // The first screen's data goes into the query cache first, so the page's declared queries
  // (app/landing-data.ts) find it there and ask the API nothing.
  if (state) {
    hydrate(queryClient, state);
    // A signed-in visitor's screen was drawn with their account as the API gave it just now
    // (boot/first-screen.tsx); the browser keeps that copy before hydrating, so that whatever reads
    // the stored one renders what the server rendered.
    const info = queryClient.getQueryData<UserInfo>(queryKeys.userInfo);
    if (info) storeUserInfo(info);
  }
  // The texts, the first page's code and its first data load in parallel; the first render waits
  // for the texts and the page's code (index.html's boot screen shows meanwhile), so that it shows
  // the page at once instead of a fallback that React would keep for at least 300 ms.
  // Stake, bond or the lottery drawn by the server: the page's wallet code waits for the first
  // input or an idle moment after the hydration (app/wallet-code-wanted.ts).
  if (state && FIGURES_FIRST_PATHS.includes(pathOf(window.location.hash))) holdWalletCode(hydrated);
  await yieldToBrowser();
  const texts = initI18n();
  await yieldToBrowser();
  await Promise.all([texts, preloadRoute(window.location.hash)]).catch((error: unknown) =>
    console.error("Could not load the texts", error),
  );
  await yieldToBrowser();
  // The toasts render outside the app's tree: the web server's first screen draws none. A root
  // of their own, in a task of its own: each root sets up its event listeners when it is created,
  // and with the hydration's root in the same task that made one long task (ADR-0222).
  const toasts = document.createElement("div");
  document.body.append(toasts);
  createRoot(toasts).render(<Toaster />);
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <App />
      <WhenCommitted then={answerTaps} />
    </StrictMode>
  );
  // The server's HTML is the app's first render: React takes it over instead of drawing it again.
  // In a transition, so React does it in slices of a few milliseconds and yields to the browser
  // between them (a plain hydration or render is one task, ~200 ms on a phone-class CPU); the
  // screen is already painted, and #root stays inert until the tree has committed.
  startTransition(() => {
    if (state) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  startLiveUpdatesOnceSignedIn();
}

/** Runs `then` once the tree has committed (for a hydration: once React has taken the HTML over). */
function WhenCommitted({ then }: { then: () => void }) {
  useLayoutEffect(then, [then]);
  return null;
}

let markHydrated: () => void = () => undefined;
/** Settles once the tree has committed (for a hydration: once React has taken the HTML over). */
const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/** The first screen is the app's now: #root answers taps again. */
function answerTaps() {
  root!.removeAttribute("inert");
  root!.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  markHydrated();
}

function pathOf(hash: string): string {
  return hash.replace(/^#/, "").split("?")[0] ?? "";
}

void start(root);

/**
 * Confirmations, payouts and balances pushed by the server (issue 28): a chunk of its own, loaded
 * after the first render and only once there is a session, so a visitor's landing page loads none of it.
 */
function startLiveUpdatesOnceSignedIn() {
  const start = () => {
    if (!getToken()) return;
    stopWaiting();
    void import("@/lib/live-updates/start").then((live) => live.startLiveUpdatesForSession(queryClient));
  };
  const stopWaiting = subscribeSession(start);
  start();
}

// An ES module by syntax, not only by its imports: package.json says "type": "commonjs" (Hardhat
// needs it), so a file without exports is bundled as CommonJS, and every module it reaches is then
// wrapped for lazy start-up; wrapped barrels (viem, wagmi) keep all their exports, which swelled
// the protocol pages by about 90 KB gzip (ADR-0179, "Protocol routes' weight").
export {};
