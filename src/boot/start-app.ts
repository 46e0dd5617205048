import { preloadAppScripts } from "./first-load";
import type { FirstLoadPlan } from "./first-load-plan";

/**
 * Starts the app, once: its scripts download at once (preloadAppScripts), and its entry runs when
 * the document is parsed, as the module script index.html no longer names would have run.
 */
export function appStarter(
  plan: FirstLoadPlan,
  w: Window = window,
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): { start: () => void; started: () => boolean } {
  let started = false;
  // The entry's own errors are the app's: they surface as an uncaught rejection, as a failed
  // module script's would.
  const run = () => void load(plan.entry);
  return {
    start() {
      if (started) return;
      started = true;
      try {
        preloadAppScripts(plan, w);
      } catch {
        // Preloads only speed the start up.
      }
      if (w.document.readyState === "loading") w.document.addEventListener("DOMContentLoaded", run, { once: true });
      else run();
    },
    started: () => started,
  };
}
