import { QueryClient, dehydrate } from "@tanstack/react-query";
import { type Resource, createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type Navigator, Router, createPath } from "react-router";
import { AppTree } from "@/app/app-tree";
import { loadLandingData } from "@/app/landing-data";
import { preloadRoute } from "@/app/router";
import { loadDeferredParts } from "@/lib/deferred-part";
import { drawnFor, landingOf, landingPaths } from "@/config/landing-pages";
import { LANGUAGES, type Language, isLanguage } from "@/config/languages";
import type { Api } from "@/lib/api-of-client";
import { sendQueriesThrough } from "@/lib/api-of-client";
import { storageKeys } from "@/lib/session";
import { renderingFor } from "@/lib/storage";
import { userInfoQueryOptions } from "@/features/user/api/get-user-info";
import { NAMESPACES, i18nOptions, tagOf } from "@/lib/i18n/options";
import { loadTexts } from "@/lib/i18n/texts";
import { preferredSource } from "@/lib/responsive-image";
import type { FirstScreen, FirstScreenApiCall as ApiCall, FirstScreenVisitor, RenderFirstScreen } from "@domain/first-screen";

/**
 * The landing pages' first screen, rendered on the web server (ADR-0194, "One data path for the
 * landing pages"): built by `vite build --ssr` into the web server's bundle, never shipped to
 * browsers. The app's own tree renders it from the page's one data declaration
 * (app/landing-data.ts), and the app hydrates it: the data as this render's query cache held it,
 * then the HTML itself.
 */

export type { FirstScreenApiCall as ApiCall } from "@domain/first-screen";

// A router that only draws: links get the hash routes' hrefs, and nothing navigates on a server.
const drawOnly: Navigator = {
  createHref: (to) => `#${typeof to === "string" ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

/**
 * Renders under way at most: a first screen is a head start, and the web server also serves files
 * and the API. Beyond this many, a visitor gets none (204) and the app paints the page itself.
 */
export const MAX_WAITING_RENDERS = 16;

let underWay = 0;
/** Every language's texts, read once at the web server's start. */
const resources: Resource = {};

/**
 * The first screen of the landing page `hash` opens, in `lang`: the HTML of #root, the data it
 * was drawn from and its largest images; null for any other page, an unknown language, data the
 * API refused, or too many renders under way (the app then paints the page itself). Renders run
 * side by side: each has an i18next instance and a query cache of its own.
 */
export const renderFirstScreen: RenderFirstScreen = (hash, lang, callApi, visitor = null, browser) => {
  if (underWay >= MAX_WAITING_RENDERS) return Promise.resolve(null);
  underWay += 1;
  return render(hash, lang, callApi, visitor, browser ?? { injectedWallet: false }).finally(() => {
    underWay -= 1;
  });
};

/** The landing pages' code and every language's texts, loaded once at the web server's start. */
export async function prepareFirstScreens(): Promise<void> {
  await Promise.all(landingPaths().map((path) => preloadRoute(`#${path}`, { data: false, walletCode: false })));
  // The parts a page loads when they come into view (lib/deferred-part.tsx): the server draws them.
  await loadDeferredParts();
  for (const lang of LANGUAGES) {
    const tag = tagOf(lang);
    resources[tag] = {};
    for (const ns of NAMESPACES) resources[tag][ns] = await loadTexts(ns, lang);
  }
}

/** A render's own i18next instance, ready at once (the texts are in memory). */
function textsIn(lang: Language) {
  const instance = createInstance({ ...i18nOptions(lang), resources, initAsync: false });
  void instance.init();
  return instance;
}

/** An API reply other than success: the page is not drawn (the app shows the refusal itself). */
class Refused extends Error {}

/** The API as a render reaches it: through the web server, on behalf of its visitor. */
function apiThrough(callApi: ApiCall): Api {
  const data = async <T,>(reply: ReturnType<ApiCall>): Promise<T> => {
    const { code, data } = await reply;
    if (code !== 0 || data === undefined || data === null) throw new Refused();
    return data as T;
  };
  return {
    get: <T,>(path: string) => data<T>(callApi("GET", path)),
    post: <T,>(path: string, body?: unknown) => data<T>(callApi("POST", path, JSON.stringify(body ?? {}))),
  };
}

async function render(
  hash: string,
  lang: string,
  callApi: ApiCall,
  visitor: FirstScreenVisitor | null,
  browser: { injectedWallet: boolean },
): Promise<FirstScreen | null> {
  const page = landingOf(hash);
  if (!page || !isLanguage(lang) || !drawnFor(page.route, visitor !== null)) return null;
  // The data was read just now: fresh, as the app's first render finds it (nothing "refreshing").
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  sendQueriesThrough(queryClient, apiThrough(callApi));
  const loaded = await Promise.all([
    loadLandingData(queryClient, page.route, page.search, { address: visitor?.address ?? null }),
    // A signed-in visitor's account, on every page drawn for them: it proves the session (a
    // refused one gets no screen; the app then asks them to sign in again) and is what the
    // browser keeps of them, stored before it hydrates (main.tsx), so both renders read the same.
    visitor ? queryClient.fetchQuery(userInfoQueryOptions()) : null,
  ]).catch((error: unknown) => {
    if (error instanceof Refused) return null;
    throw error;
  });
  if (!loaded?.[0]) return null;
  const [images, info] = loaded;
  const [path = "/", query = ""] = hash.replace(/^#/, "").split("?");
  // Never the wallet code: a protocol page is drawn as its preview, the card the app paints while
  // that code loads (app/protocol-figures-preview.tsx).
  await preloadRoute(`#${path}`, { data: false, walletCode: false });
  const location = { pathname: path || "/", search: query ? `?${query}` : "", hash: "", state: null, key: "default" };
  const router = ({ children }: { children: ReactNode }) => (
    <Router location={location} navigator={drawOnly} static>
      {children}
    </Router>
  );
  const tree = <AppTree i18n={textsIn(lang)} queryClient={queryClient} router={router} browser={browser} />;
  // The render reads the visitor's session where the browser reads its storage: the same keys.
  const session: Record<string, string> = visitor
    ? {
        [storageKeys.token]: visitor.token,
        ...(visitor.address ? { [storageKeys.address]: visitor.address } : {}),
        [storageKeys.userInfo]: JSON.stringify(info),
      }
    : {};
  const html = renderingFor(session, () => renderToString(tree));
  // Each image with its preferred candidates, so the boot script preloads them without the table.
  const named = images.map((image) => ({ ...image, ...(image.src ? preferredSource(image.src) : undefined) }));
  return { html, state: dehydrate(queryClient), images: named };
}
