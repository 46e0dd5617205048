import { type FirstLoadPlan, startFirstLoad } from "./first-load";

/** Written in by the build (scripts/vite-first-load.ts). */
declare const __FIRST_LOAD_PLAN__: FirstLoadPlan;

try {
  startFirstLoad(__FIRST_LOAD_PLAN__);
} catch {
  // The app starts as without it.
}
