import { type ComponentType, type ReactNode, Suspense, lazy } from "react";
import { type RouteObject, matchRoutes, useRoutes } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import { PageSpinner } from "@/components/ui/spinner";
import type { Catalogue } from "@/config/catalogues";
import type { LandingRoute } from "@/config/landing-pages";
import { paths, protocolPath } from "@/config/paths";
import { loadCatalogues } from "@/lib/i18n";
import { preloadImage } from "@/lib/preload-image";
import { queryClient } from "@/lib/react-query";
import { getStoredAddress, isLoggedIn } from "@/lib/session";
import { loadLandingData } from "./landing-data";
import { loadFiguresPreview } from "./protocol-figures-preview";
import { RootLayout, TabLayout } from "./root-layout";
import { LoginPageGuard, RequireAuth, RequireRegistration } from "./route-guards";
import { RouteError } from "./routes/route-error";
import { whenWalletCodeWanted } from "./wallet-code-wanted";

type RouteModule = { default: ComponentType };

/** What a route may start before it renders: its code, its texts, its first data (preloadRoute). */
export interface RouteHandle {
  /** The page's module, e.g. "./routes/home.tsx" (its texts are checked against it: test/unit/architecture). */
  module?: string;
  /** Catalogues it shows beyond the shop's (a layout's hold for the pages below it). */
  texts?: readonly Catalogue[];
  preload?: () => Promise<unknown>;
  /** Settles once the first data is here (or failed). */
  prefetch?: (search: URLSearchParams) => Promise<unknown>;
  /** The wallet layout: its code (wagmi, RainbowKit) and its pages' are the bulk of a protocol page. */
  walletCode?: boolean;
  /**
   * A page whose first card the protocol layout paints from the server's figures while the wallet
   * code loads: loads that card's module (app/protocol-figures-preview.tsx). The first render
   * waits for it, not for the wallet code.
   */
  preview?: () => Promise<void>;
}

interface LazyRoute {
  element: ReactNode;
  handle: RouteHandle;
}

// Every page and layout is a module of its own, loaded when first needed.
// (A page's figures preview is loaded by app/protocol-figures-preview.tsx.)
const routeModules = import.meta.glob<RouteModule>(["./routes/*.tsx", "!./routes/route-error.tsx", "!./routes/*-preview.tsx"]);

/**
 * The page or layout `./routes/<name>.tsx`, with the text catalogues it shows beyond the shop's:
 * code and texts download side by side, and the page renders once both are there.
 */
function page(name: string, texts: readonly Catalogue[] = []): LazyRoute {
  const module = `./routes/${name}.tsx`;
  const load = routeModules[module];
  if (!load) throw new Error(`no route module ${module}`);
  let pending: Promise<RouteModule> | undefined;
  let loaded: RouteModule | undefined;
  // The code once; the texts each time, in the language of the moment (i18next loads a
  // catalogue it holds no more than once): a preload made before the texts' instance had its
  // language (the web server's, at its start) must not stand for every later one.
  const preload = () =>
    Promise.all([(pending ??= load().then((mod) => (loaded = mod))), loadCatalogues(texts)]).then(([mod]) => mod);
  const LazyPage = lazy(preload);
  // A page whose code and texts are already here renders at once. `lazy` would suspend on its
  // first render even then, and React shows a fallback for at least 300 ms before revealing what
  // replaces it: on the first page of a visit that was 300 ms added to its largest paint.
  function Page() {
    const Loaded = loaded?.default;
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return { element: <Page />, handle: { module, texts, preload } };
}

/** A page that also starts its first API call before it renders (the largest content of its first paint). */
function withData(route: LazyRoute, prefetch: RouteHandle["prefetch"]): LazyRoute {
  return { ...route, handle: { ...route.handle, prefetch } };
}

/**
 * A landing page: its first data is the one declaration of app/landing-data.ts, which the web
 * server's first screen draws from too; the image its first paint is largest by is preloaded as
 * soon as the data names it.
 */
function landing(route: LazyRoute, name: LandingRoute): LazyRoute {
  return withData(route, (search) =>
    loadLandingData(queryClient, name, search, { address: isLoggedIn() ? getStoredAddress() : null })
      .then((images) => images?.forEach((image) => preloadImage(image.src, image.sizes)))
      .catch(() => undefined),
  );
}

/**
 * A protocol page the server's figures paint first (ADR-0209): a landing page whose first paint is
 * its preview (app/protocol-figures-preview.tsx), which starts loading with its data at once.
 */
function figuresFirst(path: string, route: LazyRoute, name: LandingRoute) {
  const withFigures = landing(route, name);
  return { path, ...withFigures, handle: { ...withFigures.handle, preview: () => loadFiguresPreview(path) } };
}

/**
 * A page whose code reaches the domain's refusals (assets, recharge, the console) can show any of
 * their keys: every catalogue that holds one (test/unit/architecture/texts-per-route.test.ts).
 */
const WITH_ANY_REFUSAL: readonly Catalogue[] = ["account", "goods", "wallet", "refusals"];

const walletLayout = page("protocol-wallet-layout", ["wallet", "protocolPages"]);
walletLayout.handle.walletCode = true;
const home = landing(page("home", ["goods"]), "home");
const goodsDetail = landing(page("goods-detail", ["goods"]), "goodsDetail");
const dashboard = landing(page("protocol-dashboard"), "dashboard");

/**
 * Only pages that exist are registered; the complete table of paths is `config/paths.ts`.
 * Unknown paths (pages of later issues included) get the not-found page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <TabLayout />,
        children: [
          { path: paths.root, ...home },
          { path: paths.home, ...home },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.my, ...page("my", ["account"]) },
              // Shop (issue 5): the zone tab.
              { path: paths.alloy, ...page("alloy", ["account"]) },
              // Assets and account (issue 6): the assets tab.
              { path: paths.assets, ...page("assets", WITH_ANY_REFUSAL) },
            ],
          },
          // Protocol pages (issues 7 and 8), with the zone tab's bar (issue 13): one layout with the
          // menu and the protocol texts; the pages that write nest in the wallet layout (wallet
          // stack and wrong-chain guard); the read-only dashboard does not.
          {
            ...page("protocol-layout", ["protocol"]),
            children: [
              { path: protocolPath("dashboard"), ...dashboard },
              {
                element: <RequireAuth />,
                children: [
                  {
                    ...walletLayout,
                    children: [
                      // Issue 7.
                      figuresFirst(protocolPath("stake"), page("protocol-stake"), "stake"),
                      figuresFirst(protocolPath("bond"), page("protocol-bond"), "bond"),
                      { path: protocolPath("claimProfit"), ...page("protocol-claim-profit") },
                      { path: protocolPath("win"), ...page("protocol-win") },
                      { path: protocolPath("winReward"), ...page("protocol-win-reward") },
                      { path: protocolPath("win1Reward"), ...page("protocol-win1-reward") },
                      { path: protocolPath("daoReward"), ...page("protocol-dao-reward") },
                      { path: protocolPath("idoRelease"), ...page("protocol-ido-release") },
                      { path: protocolPath("exchange"), ...page("protocol-exchange") },
                      // Issue 8: boardroom, bridge, lottery.
                      { path: protocolPath("boardroom"), ...page("protocol-boardroom", ["boardroom"]) },
                      { path: protocolPath("bridge"), ...page("protocol-bridge") },
                      figuresFirst(protocolPath("lottery"), page("protocol-lottery", ["lottery"]), "lottery"),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // Assets and account (issue 6): signed-in pages without the tab bar.
      {
        element: <RequireAuth />,
        children: [
          // Actions that need a registered account (issue 13).
          {
            element: <RequireRegistration />,
            children: [
              { path: paths.recharge, ...page("recharge", WITH_ANY_REFUSAL) },
              { path: paths.nameAuthentication, ...page("name-authentication", ["account"]) },
              { path: paths.bank, ...page("bank", ["account"]) },
              { path: paths.address, ...page("address", ["account"]) },
              { path: paths.addressAdd, ...page("address-add", ["account"]) },
            ],
          },
          { path: paths.team, ...page("team", ["account"]) },
          { path: paths.findPwd, ...page("find-pwd", ["account"]) },
        ],
      },
      // Shop (issue 5): public query pages, then the signed-in ones.
      { path: paths.goodsDetail, ...goodsDetail },
      { path: paths.notice, ...page("notice", ["goods"]) },
      { path: paths.noticeDetail, ...page("notice-detail", ["goods"]) },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.alloyDetail, ...page("alloy-detail", ["account"]) },
          { path: paths.productRevenue, ...page("product-revenue", ["account"]) },
          { path: paths.playerEarnings, ...page("player-earnings", ["account"]) },
          { path: paths.quarterlyEarnings, ...page("quarterly-earnings", ["account"]) },
          { path: paths.incomeInvestment, ...page("income-investment", ["account"]) },
        ],
      },
      // The operator console: one lazily loaded tree of its own, nothing of it in the shop's chunks.
      {
        element: <RequireAuth />,
        children: [{ path: `${paths.admin}/*`, ...page("admin", WITH_ANY_REFUSAL) }],
      },
      { element: <LoginPageGuard />, children: [{ path: paths.login, ...page("login", ["wallet"]) }] },
      { path: "*", ...page("not-found") },
    ],
  },
];

/**
 * Starts what the page at `hash` needs (code, texts, first data) at once, in parallel with the
 * app's own start, instead of one after the other as rendering would discover them. The promise
 * settles when its code and texts are here, and with `waitForData` its first data too (the app's
 * first render then draws the page the web server's first screen showed, not a skeleton in its
 * place). `data: false` starts no API call (the web server's first screen brings its own data:
 * src/boot/first-screen.tsx).
 */
export function preloadRoute(
  hash: string,
  {
    data = true,
    waitForData = false,
    walletCode = true,
  }: {
    data?: boolean;
    waitForData?: boolean;
    /** false: not the wallet layout nor the pages in it (the web server draws a page's preview instead). */
    walletCode?: boolean;
  } = {},
): Promise<void> {
  const [path = "/", query = ""] = hash.replace(/^#/, "").split("?");
  const ready: Promise<unknown>[] = [];
  const matches = matchRoutes(routes, path || "/") ?? [];
  // A page painted first from the server's figures: its wallet code starts now but is not waited
  // for; the protocol layout's fallback shows the page's first card meanwhile.
  const previewed = matches.some(({ route }) => (route.handle as RouteHandle | undefined)?.preview);
  let wait = true;
  let inWallet = false;
  for (const { route } of matches) {
    const handle = route.handle as RouteHandle | undefined;
    if (handle?.walletCode) inWallet = true;
    if (previewed && inWallet) wait = false;
    let code: Promise<unknown> | undefined;
    if (inWallet && !walletCode) code = undefined;
    // A page painted first from the server's figures takes its wallet code at the first input or
    // when the browser is idle (app/wallet-code-wanted.ts); at once on any other start.
    else if (inWallet && previewed && handle?.preload) whenWalletCodeWanted(handle.preload);
    else code = handle?.preload?.();
    if (code && wait) ready.push(code);
    const preview = handle?.preview?.();
    if (preview) ready.push(preview);
    const first = data ? handle?.prefetch?.(new URLSearchParams(query)) : undefined;
    if (first && waitForData) ready.push(first);
  }
  // Settles once all that is here (or failed: the page then shows its error).
  return Promise.allSettled(ready).then(() => undefined);
}

/** The pages; a page that fails to load or render shows the error page until the next navigation. */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <ErrorBoundary fallback={(error, reset) => <RouteError error={error} reset={reset} />}>
      <Suspense fallback={<PageSpinner />}>{element}</Suspense>
    </ErrorBoundary>
  );
}
