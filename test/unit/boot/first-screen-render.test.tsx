import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { HashRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppTree } from "@/app/app-tree";
import { loadLandingData } from "@/app/landing-data";
import { preloadRoute } from "@/app/router";
import { type ApiCall, MAX_WAITING_RENDERS, prepareFirstScreens, renderFirstScreen } from "@/boot/first-screen";
import { LANGUAGES, type Language } from "@/config/languages";
import { CARD_IMAGE_SIZES } from "@/features/products/image-sizes";
import type { ProductDetail } from "@domain/api/product";
import type { FirstScreen } from "@domain/first-screen";
import { DASHBOARD_FIGURES } from "@domain/api/protocol-figures";
import { i18n, initI18n } from "@/lib/i18n";
import { autoCleanup } from "../support/setup";
import { productSummary } from "../support/products";
import { testQueryClient } from "../support/shop-render";
import { responsiveSources } from "@/lib/responsive-image";

autoCleanup();

/** The landing pages, each with the data its first paint shows. */
const LANDINGS = [
  "#/pages/index/index",
  "#/",
  "#/pages/login/login",
  "#/pages/goods-detail/goods-detail?id=3",
  "#/pages/protocol/dashboard",
] as const;

const summary = (id: number) => productSummary(id);
const page = { list: [summary(1), summary(2)], total: 2, page: 1, limit: 10 };
const detail = { ...summary(3), description: "<p>纯铜</p>" } as unknown as ProductDetail;
const notice = { id: 7, title: "Maintenance on Sunday", summary: "", publishedAt: 1795000000000 };
const notices = { list: [notice], total: 1, page: 1, limit: 5 };
/** The server's reading of the protocol at a block (GET protocol/figures): the dashboard's struct. */
const E18 = 10n ** 18n;
const dashboardFigures = Object.fromEntries(
  DASHBOARD_FIGURES.map((f, i) => [f, f === "polShareBps" ? "9990" : (BigInt(i + 1) * 1234n * E18).toString()]),
);
const figures = {
  block: { number: "4321", timestamp: "1795000000" },
  dashboard: dashboardFigures,
  stake: null,
  bonds: null,
  lottery: null,
};

/** The API as the web server reaches it: the envelope of each call the first screen makes. */
const api = vi.fn<ApiCall>(async (method, path) => {
  if (method === "GET" && path.startsWith("/home/product/list")) return { code: 0, data: page };
  if (method === "POST" && path === "/home/product/3") return { code: 0, data: detail };
  if (method === "POST" && path === "/home/notices") return { code: 0, data: notices };
  if (method === "GET" && path === "/protocol/figures") return { code: 0, data: { figures } };
  return { code: 404, data: null };
});

beforeAll(() => prepareFirstScreens(), 60_000);

beforeEach(() => {
  localStorage.clear();
  api.mockClear();
  // Calls the app's own render would make: never answered, as on a first paint.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

/**
 * What the browser does with a first screen (main.tsx): the query cache hydrated with its state,
 * then the app's tree hydrating its HTML in place. Returns #root, the node that was the screen's
 * first heading or image before, and what React reported as a mismatch.
 */
async function hydrateApp(screen: FirstScreen, hash: string, lang: Language) {
  await Promise.all([initI18n(lang), preloadRoute(hash, { data: false })]);
  window.location.hash = hash;
  const container = document.createElement("div");
  container.innerHTML = screen.html;
  document.body.append(container);
  const marked = container.querySelector("h1, img");
  const client = testQueryClient();
  hydrate(client, screen.state as DehydratedState);
  const mismatches: unknown[] = [];
  const consoleError = vi.spyOn(console, "error");
  await act(async () => {
    hydrateRoot(container, <AppTree i18n={i18n} queryClient={client} router={HashRouter} />, {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  const errors = consoleError.mock.calls.map((args) => args.map(String).join(" "));
  consoleError.mockRestore();
  return { container, marked, mismatches, errors, client };
}

/**
 * The document `html` makes, written one way: attributes sorted (React sets an image's src last
 * in a browser), adjacent texts joined and comments dropped (React's markers, which neither
 * paint nor lay out).
 */
function canonical(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const write = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element)) return "";
    const tag = node.tagName.toLowerCase();
    const attributes = [...node.attributes].map((a) => ` ${a.name}="${a.value}"`).sort();
    return `<${tag}${attributes.join("")}>${[...node.childNodes].map(write).join("")}</${tag}>`;
  };
  return [...template.content.childNodes].map(write).join("");
}

describe("the first screen rendered for the web server (src/boot/first-screen.tsx)", () => {
  it.each(LANDINGS.flatMap((hash) => LANGUAGES.map((lang) => [hash, lang] as const)))(
    "%s in %s: the app hydrates the server's markup as it is, without a mismatch",
    async (hash, lang) => {
      const screen = await renderFirstScreen(hash, lang, api);
      expect(screen).not.toBeNull();
      const { container, marked, mismatches, errors } = await hydrateApp(screen!, hash, lang);
      expect(mismatches).toEqual([]);
      expect(errors).toEqual([]);
      // The same nodes, taken over rather than drawn again, and the same markup.
      expect(marked).not.toBeNull();
      expect(container.contains(marked)).toBe(true);
      expect(canonical(container.innerHTML)).toBe(canonical(screen!.html));
    },
  );

  it("shows the real content: the products' titles and prices, links as hash routes, the language's texts", async () => {
    const home = (await renderFirstScreen("#/pages/index/index", "cn", api))!.html;
    expect(home).toContain("铜 1");
    expect(home).toContain("¥<!-- -->199.000");
    expect(home).toContain('href="#/pages/goods-detail/goods-detail?id=1"');
    expect(home).toContain("合金商城");
    // The notice line with the latest notice, not "loading": the app then has nothing to draw again.
    expect(home).toContain('href="#/pages/notice/notice-detail?id=7"');
    expect(home).toContain("Maintenance on Sunday");
    const product = (await renderFirstScreen("#/pages/goods-detail/goods-detail?id=3", "en", api))!.html;
    expect(product).toContain("铜 3");
    // The protocol's figures at the server's block (ADR-0209), with the block they are as of.
    const dashboard = (await renderFirstScreen("#/pages/protocol/dashboard", "en", api))!.html;
    expect(dashboard).toContain('data-source="server"');
    expect(dashboard).toMatch(/As of block #4321/);
    expect(dashboard).toContain("$1,234.00");
  });

  it("brings the data it was drawn from as the app's query cache holds it: the app then asks the API nothing", async () => {
    const home = (await renderFirstScreen("#/pages/index/index", "en", api))!;
    // With its preferred candidates, so the boot script needs no table of variants to preload it.
    const preferred = responsiveSources("/demo/products/copper.svg")!.sources[0]!;
    expect(preferred.srcSet).toMatch(/copper-\d+\.avif \d+w/);
    expect(home.images).toEqual([{ src: "/demo/products/copper.svg", sizes: CARD_IMAGE_SIZES, ...preferred }]);
    const product = (await renderFirstScreen("#/pages/goods-detail/goods-detail?id=3", "en", api))!;
    for (const [screen, route, search] of [
      [home, "home", ""],
      [product, "goodsDetail", "id=3"],
    ] as const) {
      const client = testQueryClient();
      hydrate(client, screen.state as DehydratedState);
      vi.mocked(fetch).mockClear();
      await loadLandingData(client, route, new URLSearchParams(search));
      expect(fetch).not.toHaveBeenCalled();
    }
    expect(api.mock.calls.map(([method, path, body]) => [method, path, body])).toEqual([
      ["GET", "/home/product/list?page=1&limit=10", undefined],
      ["POST", "/home/notices", '{"page":1,"limit":5}'],
      ["POST", "/home/product/3", "{}"],
    ]);
    expect((await renderFirstScreen("#/pages/login/login", "en", api))!.state).toMatchObject({ queries: [] });
  });

  it("draws home all the same when the notices fail: the line shows loading on both sides, and the app reads them", async () => {
    const noNotices: ApiCall = (method, path, body) =>
      path === "/home/notices" ? Promise.resolve({ code: 500, data: null }) : api(method, path, body);
    const screen = (await renderFirstScreen("#/pages/index/index", "en", noNotices))!;
    expect(screen.html).toContain("铜 1");
    expect(screen.html).toMatch(/class="ticker__text"><span class="muted">Loading…</);
    const { mismatches, errors } = await hydrateApp(screen, "#/pages/index/index", "en");
    expect(mismatches).toEqual([]);
    expect(errors).toEqual([]);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toEqual([expect.stringMatching(/\/home\/notices$/)]);
  });

  it("draws nothing for other pages, unknown languages, bad ids, or data the API did not give", async () => {
    for (const [hash, lang] of [
      ["#/pages/my/my", "en"],
      ["#/pages/index/index", "fr"],
      ["#/pages/goods-detail/goods-detail?id=0", "en"],
      ["#/pages/goods-detail/goods-detail?id=9", "en"],
    ]) {
      expect(await renderFirstScreen(hash!, lang!, api), hash).toBeNull();
    }
    await expect(renderFirstScreen("#/", "en", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });

  it("keeps each render in its own language when several are asked for at once", async () => {
    const screens = await Promise.all(
      ["en", "cn", "de", "jp", "kr", "en", "cn"].map((lang) => renderFirstScreen("#/pages/login/login", lang, api)),
    );
    const titles = screens.map((screen) => /<h1 class="header-bar__title">([^<]*)</.exec(screen!.html)?.[1]);
    expect(titles).toEqual(["Sign in", "登录", titles[2], titles[3], titles[4], "Sign in", "登录"]);
    expect(new Set(titles.slice(0, 5)).size).toBe(5);
  });
});

/** An API that answers (as `api` does) only when told to, every call waiting by then. */
function slowApi() {
  const calls: (() => void)[] = [];
  const slow: ApiCall = (method, path, body) => new Promise((resolve) => calls.push(() => resolve(api(method, path, body))));
  return { slow, answer: () => calls.splice(0).forEach((call) => call()), waiting: () => calls.length };
}

describe("the first screen under load", () => {
  it("draws screens side by side: one waiting for a slow API holds up no other", async () => {
    const { slow, answer } = slowApi();
    const first = renderFirstScreen("#/", "cn", slow);
    const other = await renderFirstScreen("#/pages/login/login", "en", api);
    expect(other?.html).toContain("Sign in");
    answer();
    expect((await first)?.html).toContain("首页");
  });

  it(`draws none beyond ${MAX_WAITING_RENDERS} waiting renders, and draws again once they are done`, async () => {
    const { slow, answer, waiting } = slowApi();
    const first = renderFirstScreen("#/", "en", slow);
    const queued = Array.from({ length: MAX_WAITING_RENDERS - 1 }, () => renderFirstScreen("#/pages/login/login", "en", api));
    await expect(renderFirstScreen("#/pages/login/login", "en", api)).resolves.toBeNull();
    await expect.poll(waiting).toBeGreaterThan(0);
    answer();
    expect((await first)?.html).toContain("铜 1");
    expect((await Promise.all(queued)).every((screen) => screen?.html.includes("header-bar"))).toBe(true);
    expect((await renderFirstScreen("#/pages/login/login", "en", api))?.html).toContain("header-bar");
  });
});
