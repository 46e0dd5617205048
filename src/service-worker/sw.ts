/**
 * The service worker (ADR-0176, "Installable app: manifest and service worker"), built into /sw.js by
 * scripts/vite-service-worker.ts with the build's shell list and version. Workbox's runtime
 * does the caching; what it may touch is decided by src/lib/service-worker/routing-rules.ts:
 * the API and anything with a credential never reach a cache.
 */
import { DEFAULT_LANGUAGE, languageFromBrowser } from "@/config/languages";
import { CACHE_NAME_DETAILS, staleCaches } from "@/lib/service-worker/cache-names";
import { classifyRequest, type RequestKind } from "@/lib/service-worker/routing-rules";
import { cacheNames, clientsClaim, setCacheNameDetails } from "workbox-core";
import { matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkOnly } from "workbox-strategies";
import { offlinePageHtml } from "./offline-page";

/** Written by the build: the shell's files ({url, revision}) and a hash of the whole build. */
declare const __PRECACHE_MANIFEST__: { url: string; revision: string | null }[];
declare const __BUILD_VERSION__: string;

/** The parts of the worker's global scope used here (the project's types are the window's). */
interface WorkerScope {
  location: { origin: string };
  navigator: { languages: readonly string[] };
  registration: { navigationPreload?: { enable(): Promise<void> } };
  addEventListener(type: "activate", listener: (event: Event & { waitUntil(promise: Promise<unknown>): void }) => void): void;
}
const worker = self as unknown as WorkerScope;

/** The shell every page of the app starts from (its routes live in the hash). */
const SHELL_URL = "/index.html";
/**
 * How long a page waits for the network before the cached shell is shown. A phone with bars
 * but no data (a lift, a train) would otherwise wait for the browser's own timeout, minutes.
 */
const NAVIGATION_TIMEOUT_SECONDS = 5;

setCacheNameDetails({ ...CACHE_NAME_DETAILS, suffix: __BUILD_VERSION__ });

const is =
  (kind: RequestKind) =>
  ({ request }: { request: Request }) =>
    classifyRequest(request, worker.location.origin) === kind;

// Registered before the precache's route, which would answer "/" from the cache: a page is
// always asked of the network first (with the navigation preload the worker enables).
registerRoute(is("navigation"), new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS }));
// The shell: index.html and the build files the entry and the start page need, fetched at install.
precacheAndRoute(__PRECACHE_MANIFEST__, { cleanURLs: false, directoryIndex: "" });
// Any other hashed build file, cached the first time it is fetched (only 200 replies).
registerRoute(is("asset"), new CacheFirst({ cacheName: cacheNames.runtime }));
// Nothing else is routed: `private` and `network` requests go to the network as without a worker.

setCatchHandler(async ({ request }) => {
  if (request.mode !== "navigate") return Response.error();
  const shell = await matchPrecache(SHELL_URL);
  if (shell) return shell;
  const lang = languageFromBrowser(worker.navigator.languages) ?? DEFAULT_LANGUAGE;
  return new Response(offlinePageHtml(lang), { headers: { "content-type": "text/html; charset=utf-8" } });
});

// The first install takes the open page over at once (so what it loads next is cached). A new
// build's worker waits until no page of the old one is open, so an open page never loses the
// files it was built with; it then deletes the caches of every earlier build.
clientsClaim();
worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const stale = staleCaches(await caches.keys(), [cacheNames.precache, cacheNames.runtime]);
      await Promise.all(stale.map((name) => caches.delete(name)));
      await worker.registration.navigationPreload?.enable();
    })(),
  );
});
