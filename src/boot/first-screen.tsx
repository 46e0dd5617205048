import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { type Navigator, Router, createPath } from "react-router";
import { AppRoutes, preloadRoute } from "@/app/router";
import { LANGUAGES, type Language, isLanguage } from "@/config/languages";
import { productQueryOptions } from "@/features/products/api/get-product";
import { productsQueryOptions } from "@/features/products/api/get-products";
import { productDetailPath, productListPath } from "@/features/products/api/paths";
import { type Resource, createInstance } from "i18next";
import { I18nextProvider } from "react-i18next";
import { NAMESPACES, i18nOptions, tagOf } from "@/lib/i18n/options";
import { loadTexts } from "@/lib/i18n/texts";
import { positiveId } from "@/app/routes/search-id";
import type {
  FirstScreen,
  FirstScreenApiCall as ApiCall,
  FirstScreenCall,
  FirstScreenReply,
  RenderFirstScreen,
} from "@domain/first-screen";
import { firstLoadRoute } from "./first-load";

/**
 * The landing pages' first screen, rendered on the web server (docs/decisions.md, "First screen
 * from the server"): built by `vite build --ssr` into the web server's bundle, never shipped to
 * browsers. The page's own components render it, with the data its first paint shows, so what a
 * phone paints before the app's code has even arrived is what the app then renders itself.
 */

export type { FirstScreenApiCall as ApiCall } from "@domain/first-screen";

// A router that only draws: links get the hash routes' hrefs, and nothing navigates on a server.
const drawOnly: Navigator = {
  createHref: (to) => `#${typeof to === "string" ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

/** The reply's data, or null when the call did not succeed (the first screen is then not drawn). */
async function dataOf(reply: Promise<FirstScreenReply>): Promise<unknown> {
  const { code, data } = await reply;
  return code === 0 && data !== undefined && data !== null ? data : null;
}

/**
 * Renders under way at most: a first screen is a head start, and the web server also serves files
 * and the API. Beyond this many, a visitor gets none (204) and the app paints the page itself.
 */
export const MAX_WAITING_RENDERS = 16;

let underWay = 0;
/** Every language's texts of the pages a first screen draws, read once at the web server's start. */
const resources: Resource = {};

/**
 * The first screen of the landing page `hash` opens, in `lang`: the HTML of #root and the API
 * calls it was drawn from; null for any other page, an unknown language, data that could not be
 * read, or too many renders under way (the app then paints the page itself). Renders run side by
 * side: each has an i18next instance of its own, and the pages' code is loaded at the start.
 */
export const renderFirstScreen: RenderFirstScreen = (hash, lang, callApi) => {
  if (underWay >= MAX_WAITING_RENDERS) return Promise.resolve(null);
  underWay += 1;
  return render(hash, lang, callApi).finally(() => {
    underWay -= 1;
  });
};

/** The landing pages' code and every language's texts, loaded once at the web server's start. */
export async function prepareFirstScreens(): Promise<void> {
  await Promise.all(
    ["#/", "#/pages/login/login", "#/pages/goods-detail/goods-detail"].map((h) => preloadRoute(h, { data: false })),
  );
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

async function render(hash: string, lang: string, callApi: ApiCall): Promise<FirstScreen | null> {
  const page = firstLoadRoute(hash);
  if (!page || !isLanguage(lang)) return null;
  // Each call with its reply goes along with the screen: the app takes them instead of asking again.
  const calls: FirstScreenCall[] = [];
  const call: ApiCall = async (method, path, body) => {
    const reply = await callApi(method, path, body);
    calls.push({ method, path, ...(body === undefined ? {} : { body }), reply });
    return reply;
  };
  // The data was read just now: fresh, as the app's first render finds it (nothing "refreshing").
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (page.route === "home") {
    const list = await dataOf(call("GET", productListPath(1)));
    if (!list) return null;
    queryClient.setQueryData(productsQueryOptions().queryKey, { pages: [list as never], pageParams: [1] });
  } else if (page.route === "goodsDetail") {
    const id = positiveId(page.search.get("id"));
    if (id === null) return null;
    const product = await dataOf(call("POST", productDetailPath(id), "{}"));
    if (!product) return null;
    queryClient.setQueryData(productQueryOptions(id).queryKey, product as never);
  }
  const [path = "/", query = ""] = hash.replace(/^#/, "").split("?");
  await preloadRoute(`#${path}`, { data: false });
  const location = { pathname: path || "/", search: query ? `?${query}` : "", hash: "", state: null, key: "default" };
  const html = renderToString(
    <I18nextProvider i18n={textsIn(lang)}>
      <QueryClientProvider client={queryClient}>
        <Router location={location} navigator={drawOnly} static>
          <AppRoutes />
        </Router>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { html, calls };
}
