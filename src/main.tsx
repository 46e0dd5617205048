import "./styles/global.css";
import { StrictMode, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app";
import { FIRST_SCREEN_ATTRIBUTE } from "@/boot/first-load-plan";
import { preloadRoute } from "@/app/router";
import { initI18n } from "@/lib/i18n";
import "@/lib/service-worker/start";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The texts, the first page's code and its first data load in parallel; the first render waits
// for the texts and the page's code (index.html's boot screen shows meanwhile), so that it shows
// the page at once instead of a fallback that React would keep for at least 300 ms. In place of
// the web server's first screen it also waits for the page's data, which came with that screen:
// it then draws the same page, not a skeleton that would move everything below it.
const i18nReady = Promise.all([
  initI18n(),
  preloadRoute(window.location.hash, { waitForData: root.hasAttribute(FIRST_SCREEN_ATTRIBUTE) }),
]);

/** The web server's first screen (src/boot/show-first-screen.ts) is replaced now: #root answers taps again. */
function FirstScreenReplaced({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    container.removeAttribute("inert");
    container.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  }, [container]);
  return null;
}

i18nReady
  .catch((error: unknown) => console.error("Could not load the texts", error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
        <FirstScreenReplaced container={root} />
      </StrictMode>,
    );
  });

// An ES module by syntax, not only by its imports: package.json says "type": "commonjs" (Hardhat
// needs it), so a file without exports is bundled as CommonJS, and every module it reaches is then
// wrapped for lazy start-up; wrapped barrels (viem, wagmi) keep all their exports, which swelled
// the protocol pages by about 90 KB gzip (ADR-0179, "Protocol routes' weight").
export {};
