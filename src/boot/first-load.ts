import { type Language, pickLanguage } from "@/config/languages";
import { landingOf } from "@/config/landing-pages";
import { storageKeys } from "@/lib/session";
import type { FirstLoadPlan } from "./first-load-plan";

export type { FirstLoadPlan, FirstLoadRoute } from "./first-load-plan";

/** Which landing page a hash opens, if any (config/landing-pages.ts). */
export const firstLoadRoute = landingOf;

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
 * How many scripts beyond the entry's are asked for in one task. Each `<link rel=modulepreload>`
 * costs the main thread 1–3 ms as it goes in (the browser starts its fetch there and then; up to
 * 6 ms while the page is traced), and the assets page has sixteen chunks: asked for at once, with
 * the entry's and the texts, they made a long task of their own right after the first screen
 * (ADR-0223). Three to a task still made tasks of 18–24 ms at 1× in some loads (ADR-0225): one to a task.
 */
export const PRELOADS_PER_TASK = 1;

/**
 * The app's scripts for the page `hash` opens: the entry with what it imports, the texts in the
 * visitor's language, the landing page's own chunks. Started with the app (src/boot/start-app.ts):
 * on a landing page that shows its first screen, only once that screen has painted, so that on a
 * phone network they do not share its bandwidth with the screen's data, styles and image. The
 * entry's go in at once (the entry is imported next); the texts, then the page's own chunks,
 * follow PRELOADS_PER_TASK to a task while the entry downloads.
 */
export function preloadAppScripts(plan: FirstLoadPlan, w: Window = window): void {
  const doc = w.document;
  for (const file of plan.entryScripts) appendLink(doc, "modulepreload", file);
  const page = firstLoadRoute(w.location.hash);
  const own = [...(plan.texts[bootLanguage(w)] ?? []), ...(page ? plan.routes[page.route].scripts : [])];
  const next = (from: number) => {
    if (from >= own.length) return;
    w.setTimeout(() => {
      try {
        for (const file of own.slice(from, from + PRELOADS_PER_TASK)) appendLink(doc, "modulepreload", file);
      } finally {
        next(from + PRELOADS_PER_TASK);
      }
    }, 0);
  };
  next(0);
}

/**
 * Runs inline in index.html, before the app's entry has even arrived: on a phone network the
 * landing page's stylesheets would otherwise wait for the entry to download and run. Its data is
 * the app's to load, from the page's one declaration (app/landing-data.ts): the web server's
 * first screen brings it drawn (src/boot/show-first-screen.ts), and otherwise the app's entry
 * starts it first thing. It must never fail the page: whatever goes wrong, the app starts as
 * without it.
 */
export function startFirstLoad(plan: FirstLoadPlan, w: Window = window): void {
  const page = firstLoadRoute(w.location.hash);
  if (!page) return;
  for (const file of plan.routes[page.route].styles) appendLink(w.document, "preload", file, "style");
}
