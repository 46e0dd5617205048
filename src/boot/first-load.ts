import { DEFAULT_LANGUAGE, type Language, pickLanguage } from "@/config/languages";
import { paths } from "@/config/paths";
import { productDetailPath, productListPath } from "@/features/products/api/paths";
import { CARD_IMAGE_SIZES, GALLERY_SIZES } from "@/features/products/image-sizes";
import { addEarlyRequest, type EarlyRequest } from "@/lib/early-requests";
import { preloadImage } from "@/lib/preload-image";
import { storageKeys } from "@/lib/session";
import { positiveId } from "@/app/routes/search-id";
import type { FirstLoadPlan, FirstLoadRoute } from "./first-load-plan";

export type { FirstLoadPlan, FirstLoadRoute } from "./first-load-plan";

const ROUTE_OF_PATH: Record<string, FirstLoadRoute> = {
  [paths.root]: "home",
  [paths.home]: "home",
  [paths.login]: "login",
  [paths.goodsDetail]: "goodsDetail",
};

/** Which landing page a hash opens, if any. */
export function firstLoadRoute(hash: string): { route: FirstLoadRoute; search: URLSearchParams } | null {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  const route = ROUTE_OF_PATH[path || paths.root];
  return route ? { route, search: new URLSearchParams(query) } : null;
}

export function readStorage(w: Window, key: string): string | null {
  try {
    return w.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The language the app will pick (lib/i18n's detectLanguage), read before it has arrived. */
export function bootLanguage(w: Window = window): Language {
  const browser = w.navigator.languages?.length ? w.navigator.languages : [w.navigator.language];
  return pickLanguage(w.location.hash, readStorage(w, storageKeys.lang), browser);
}

function appendLink(doc: Document, rel: "modulepreload" | "preload", href: string, as?: string): void {
  const link = doc.createElement("link");
  link.rel = rel;
  if (as) link.as = as;
  link.href = href;
  doc.head.append(link);
}

/**
 * The app's scripts for the page `hash` opens: the entry with what it imports, the texts in the
 * visitor's language, the landing page's own chunks. Started with the app (src/boot/start-app.ts):
 * on a landing page that shows its first screen, only once that screen has painted, so that on a
 * phone network they do not share its bandwidth with the screen's data, styles and image.
 */
export function preloadAppScripts(plan: FirstLoadPlan, w: Window = window): void {
  const doc = w.document;
  for (const file of plan.entryScripts) appendLink(doc, "modulepreload", file);
  // i18next loads English too, its fallback for a text the language lacks.
  for (const lang of new Set([bootLanguage(w), DEFAULT_LANGUAGE]))
    for (const file of plan.texts[lang] ?? []) appendLink(doc, "modulepreload", file);
  const page = firstLoadRoute(w.location.hash);
  for (const file of page ? plan.routes[page.route].scripts : []) appendLink(doc, "modulepreload", file);
}

/**
 * The image a landing page's first paint is largest by, from its first call's reply: preloaded
 * at the size the page shows it (home: the first product card's; a product: its first image).
 */
export function preloadFirstImage(route: FirstLoadRoute, reply: { code?: unknown; data?: unknown }): void {
  if (reply.code !== 0 || !reply.data) return;
  if (route === "home") {
    preloadImage((reply.data as { list?: { images?: string[] }[] }).list?.[0]?.images?.[0], CARD_IMAGE_SIZES);
  } else if (route === "goodsDetail") {
    preloadImage((reply.data as { images?: string[] }).images?.[0], GALLERY_SIZES);
  }
}

/**
 * Runs inline in index.html, before the app's entry has even arrived: on a phone network each
 * of these would otherwise wait for the entry (about 90 KB) to download and run. It starts the
 * landing page's stylesheets, its first API call, and, once that answers, the image its first
 * paint is largest by. The app takes the call's reply from here (lib/early-requests.ts) and
 * finds the rest in the browser's cache. `data: false` starts no call: the web server's first
 * screen brings the page's data (src/boot/show-first-screen.ts). It must never fail the page:
 * whatever goes wrong, the app starts as without it.
 */
export function startFirstLoad(plan: FirstLoadPlan, w: Window = window, { data = true }: { data?: boolean } = {}): void {
  const page = firstLoadRoute(w.location.hash);
  if (!page) return;
  for (const file of plan.routes[page.route].styles) appendLink(w.document, "preload", file, "style");
  if (!data) return;

  const token = readStorage(w, storageKeys.token);
  const call = (method: EarlyRequest["method"], path: string, body?: string) => {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.token = token;
    const response = w.fetch(`${plan.apiBase}/base/api${path}`, { method, headers, body });
    addEarlyRequest({ method, path, body, token, response }, w);
    return response.then((r) => r.clone().json() as Promise<{ code?: number; data?: unknown }>);
  };
  if (page.route === "home") {
    call("GET", productListPath(1))
      .then((reply) => preloadFirstImage("home", reply))
      .catch(() => undefined);
  }
  const id = page.route === "goodsDetail" ? positiveId(page.search.get("id")) : null;
  if (id !== null) {
    call("POST", productDetailPath(id), "{}")
      .then((reply) => preloadFirstImage("goodsDetail", reply))
      .catch(() => undefined);
  }
}
