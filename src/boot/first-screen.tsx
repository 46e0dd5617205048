import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { type Navigator, Router, createPath } from "react-router";
import { AppRoutes, preloadRoute } from "@/app/router";
import { LANGUAGES, isLanguage } from "@/config/languages";
import { productQueryOptions } from "@/features/products/api/get-product";
import { productsQueryOptions } from "@/features/products/api/get-products";
import { productDetailPath, productListPath } from "@/features/products/api/paths";
import { initI18n } from "@/lib/i18n";
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
 * The landing pages' first screen, rendered on the web server (ADR-0190, "First screen
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
 * Renders waiting at most: a first screen is a head start, and the web server also serves files
 * and the API. Beyond this many, a visitor gets none (204) and the app paints the page itself.
 */
export const MAX_WAITING_RENDERS = 16;

// Renders one after the other: the language and the loaded pages are the app's module state,
// which a render reads synchronously once everything it needs is here.
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

function enqueue<T>(job: () => Promise<T>): Promise<T> {
  const next = queue.then(job);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * The first screen of the landing page `hash` opens, in `lang`: the HTML of #root and the API
 * calls it was drawn from; null for any other page, an unknown language, data that could not be
 * read, or too many renders waiting (the app then paints the page itself).
 */
export const renderFirstScreen: RenderFirstScreen = (hash, lang, callApi) => {
  if (waiting >= MAX_WAITING_RENDERS) return Promise.resolve(null);
  waiting += 1;
  return enqueue(() => render(hash, lang, callApi)).finally(() => {
    waiting -= 1;
  });
};

/** The landing pages' code and every language's texts, loaded once at the web server's start. */
export function prepareFirstScreens(): Promise<void> {
  return enqueue(async () => {
    await Promise.all(
      ["#/", "#/pages/login/login", "#/pages/goods-detail/goods-detail"].map((h) => preloadRoute(h, { data: false })),
    );
    for (const lang of LANGUAGES) await initI18n(lang);
  });
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
  await Promise.all([initI18n(lang), preloadRoute(`#${path}`, { data: false })]);
  const location = { pathname: path || "/", search: query ? `?${query}` : "", hash: "", state: null, key: "default" };
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <Router location={location} navigator={drawOnly} static>
        <AppRoutes />
      </Router>
    </QueryClientProvider>,
  );
  return { html, calls };
}
