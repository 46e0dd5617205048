import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { HashRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes, preloadRoute } from "@/app/router";
import { type ApiCall, MAX_WAITING_RENDERS, prepareFirstScreens, renderFirstScreen } from "@/boot/first-screen";
import { productQueryOptions } from "@/features/products/api/get-product";
import { productsQueryOptions } from "@/features/products/api/get-products";
import type { ProductDetail, ProductSummary } from "@domain/api/product";
import { initI18n } from "@/lib/i18n";
import { autoCleanup } from "../support/setup";
import { testQueryClient } from "../support/shop-render";

autoCleanup();

const summary = (id: number): ProductSummary => ({
  id,
  title: `铜 ${id}`,
  images: [`/demo/products/copper.svg`],
  priceCny: "19900",
  priceUsdt: "28000000",
  stock: 10,
  dailyRatePpm: 8000,
  dailyRate: "0.80%",
  cycleDays: 180,
  alloyMaterial: 1,
  alloyMaterialName: "合金原料1号",
  alloyPieces: 2,
  onSale: true,
});
const page = { list: [summary(1), summary(2)], total: 2, page: 1, limit: 10 };
const detail = { ...summary(3), description: "<p>纯铜</p>" } as unknown as ProductDetail;

/** The API as the web server reaches it: the envelope of each call the first screen makes. */
const api = vi.fn<ApiCall>(async (method, path) => {
  if (method === "GET" && path.startsWith("/home/product/list")) return { code: 0, data: page };
  if (method === "POST" && path === "/home/product/3") return { code: 0, data: detail };
  return { code: 404, data: null };
});

beforeAll(() => prepareFirstScreens(), 60_000);

beforeEach(() => {
  localStorage.clear();
  api.mockClear();
  // Calls the app's own render would make (the notices): never answered, as on a first paint.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The app's first render of `hash` in `lang`, with the data the first screen had. */
async function appRender(hash: string, lang: "en" | "cn") {
  await Promise.all([initI18n(lang), preloadRoute(hash, { data: false })]);
  const client = testQueryClient();
  client.setQueryData(productsQueryOptions().queryKey, { pages: [page], pageParams: [1] });
  client.setQueryData(productQueryOptions(3).queryKey, detail);
  window.location.hash = hash;
  const { container } = render(
    <QueryClientProvider client={client}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </QueryClientProvider>,
  );
  return canonical(container.innerHTML);
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
  it.each([
    ["#/pages/index/index", "en"],
    ["#/", "cn"],
    ["#/pages/login/login", "cn"],
    ["#/pages/goods-detail/goods-detail?id=3", "en"],
  ] as const)("%s in %s is the very markup the app's first render makes", async (hash, lang) => {
    const screen = await renderFirstScreen(hash, lang, api);
    expect(screen).not.toBeNull();
    expect(canonical(screen!.html)).toBe(await appRender(hash, lang));
  });

  it("shows the real content: the products' titles and prices, links as hash routes, the language's texts", async () => {
    const home = (await renderFirstScreen("#/pages/index/index", "cn", api))!.html;
    expect(home).toContain("铜 1");
    expect(home).toContain("¥<!-- -->199.000");
    expect(home).toContain('href="#/pages/goods-detail/goods-detail?id=1"');
    expect(home).toContain("合金商城");
    const product = (await renderFirstScreen("#/pages/goods-detail/goods-detail?id=3", "en", api))!.html;
    expect(product).toContain("铜 3");
  });

  it("brings the calls it was drawn from, with their replies, as the app's API client names them", async () => {
    const home = (await renderFirstScreen("#/pages/index/index", "en", api))!;
    expect(home.calls).toEqual([{ method: "GET", path: "/home/product/list?page=1&limit=10", reply: { code: 0, data: page } }]);
    const product = (await renderFirstScreen("#/pages/goods-detail/goods-detail?id=3", "en", api))!;
    expect(product.calls).toEqual([{ method: "POST", path: "/home/product/3", body: "{}", reply: { code: 0, data: detail } }]);
    expect((await renderFirstScreen("#/pages/login/login", "en", api))!.calls).toEqual([]);
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

describe("the first screen under load", () => {
  it("draws screens side by side: one waiting for a slow API holds up no other", async () => {
    let answer!: () => void;
    const slow: ApiCall = () => new Promise((resolve) => (answer = () => resolve({ code: 0, data: page })));
    const first = renderFirstScreen("#/", "cn", slow);
    const other = await renderFirstScreen("#/pages/login/login", "en", api);
    expect(other?.html).toContain("Sign in");
    answer();
    expect((await first)?.html).toContain("首页");
  });

  it(`draws none beyond ${MAX_WAITING_RENDERS} waiting renders, and draws again once they are done`, async () => {
    let answer!: () => void;
    const slow: ApiCall = () => new Promise((resolve) => (answer = () => resolve({ code: 0, data: page })));
    const first = renderFirstScreen("#/", "en", slow);
    const queued = Array.from({ length: MAX_WAITING_RENDERS - 1 }, () => renderFirstScreen("#/pages/login/login", "en", api));
    await expect(renderFirstScreen("#/pages/login/login", "en", api)).resolves.toBeNull();
    await expect.poll(() => typeof answer).toBe("function");
    answer();
    expect((await first)?.html).toContain("铜 1");
    expect((await Promise.all(queued)).every((screen) => screen?.html.includes("header-bar"))).toBe(true);
    expect((await renderFirstScreen("#/pages/login/login", "en", api))?.html).toContain("header-bar");
  });
});
