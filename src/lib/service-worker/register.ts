import { HASHED_ASSETS_PREFIX } from "./routing-rules";

/** Written by the build (scripts/vite-service-worker.ts) at the root: its scope is the whole app. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers the service worker once the page has loaded, so that its script and the shell it
 * caches never compete with the first paint. The production build only (src/lib/service-worker/start.ts).
 */
export function registerServiceWorker(win: Window = window): void {
  const container = win.navigator.serviceWorker;
  if (!container) return;
  const register = () => {
    container
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then(() => whenControlled(container))
      .then(() => cacheLoadedAssets(win, container))
      .catch((error: unknown) => console.warn("The app will not work offline: no service worker", error));
  };
  if (win.document.readyState === "complete") register();
  else win.addEventListener("load", register, { once: true });
}

/** The worker takes the open page over once it is active (it claims its clients). */
function whenControlled(container: ServiceWorkerContainer): Promise<void> {
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener("controllerchange", () => resolve(), { once: true }));
}

/**
 * The build files this page loaded before the worker controlled it (the locale, the first
 * page's chunks) went past it; it is told their URLs to cache them as if it had fetched them
 * (Workbox's CACHE_URLS message), so that a reload offline finds them. Only hashed assets are
 * sent, and the worker caches only what its routes allow.
 */
function cacheLoadedAssets(win: Window, container: ServiceWorkerContainer): void {
  const urls = win.performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === win.location.origin && url.pathname.startsWith(HASHED_ASSETS_PREFIX))
    .map((url) => url.href);
  if (urls.length > 0) container.controller?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [...new Set(urls)] } });
}
