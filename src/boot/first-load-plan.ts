import type { LandingRoute } from "../config/landing-pages";
import type { Language } from "../config/languages";

/** The shop's landing pages (config/landing-pages.ts). */
export type FirstLoadRoute = LandingRoute;

/**
 * The route modules they are built from (src/app/routes/<name>.tsx): the page, after the layout
 * it nests in when that layout is a module of its own (its styles are the screen's too).
 */
export const FIRST_LOAD_MODULES: Record<FirstLoadRoute, readonly string[]> = {
  home: ["home"],
  login: ["login"],
  goodsDetail: ["goods-detail"],
  assets: ["assets"],
  my: ["my"],
  dashboard: ["protocol-layout", "protocol-dashboard"],
  // A page's preview, not the page: the server draws the card the app paints while the wallet
  // code loads (app/protocol-figures-preview.tsx), and the app hydrates that.
  stake: ["protocol-layout", "protocol-stake-preview"],
  bond: ["protocol-layout", "protocol-bond-preview"],
  lottery: ["protocol-layout", "protocol-lottery-preview"],
};

/**
 * What the build knows and index.html's boot script needs (scripts/vite-first-load.ts). Kept
 * apart from the script itself, which the build configuration cannot import (its aliases).
 */
export interface FirstLoadPlan {
  /** The app's entry script, which the boot script starts (index.html does not name it). */
  entry: string;
  /** The entry and the chunks it imports: what the app's start preloads. */
  entryScripts: string[];
  /** `VITE_API_BASE`: "" for the app's own origin. */
  apiBase: string;
  /** Each landing page's files beyond the entry's: its scripts and its stylesheets. */
  routes: Record<FirstLoadRoute, { scripts: string[]; styles: string[] }>;
  /** The shop's texts, per language: the script(s) of its catalogue. */
  texts: Record<Language, string[]>;
  /** The worker that loads the date data off the main thread (src/boot/warm-intl-worker.ts). */
  intlWorker: string;
}

/** On #root while it holds the server's first screen, which is inert until the app replaces it. */
export const FIRST_SCREEN_ATTRIBUTE = "data-first-screen";

/** The JSON data block with the query cache the first screen was drawn from (TanStack Query's dehydrated state). */
export const FIRST_SCREEN_STATE_ID = "first-screen-state";
