import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FirstLoadPlan, firstLoadRoute, preloadAppScripts, startFirstLoad } from "@/boot/first-load";
import { productDetailPath, productListPath } from "@/features/products/api/paths";
import { api } from "@/lib/api-client";
import { EARLY_REQUESTS, takeEarlyResponse } from "@/lib/early-requests";
import { storageKeys } from "@/lib/session";
import { setupI18n } from "../support/setup";

const plan: FirstLoadPlan = {
  entry: "/assets/index-1.js",
  entryScripts: ["/assets/index-1.js", "/assets/runtime-1.js"],
  apiBase: "",
  routes: {
    home: { scripts: ["/assets/home-1.js", "/assets/shop-ui-1.js"], styles: ["/assets/home-1.css"] },
    login: { scripts: ["/assets/login-1.js"], styles: [] },
    goodsDetail: { scripts: ["/assets/goods-detail-1.js"], styles: ["/assets/safe-html-1.css"] },
  },
  texts: {
    en: ["/assets/en-1.js"],
    cn: ["/assets/cn-1.js"],
    de: ["/assets/de-1.js"],
    jp: ["/assets/jp-1.js"],
    kr: ["/assets/kr-1.js"],
  },
};

/** Our own demo image: the preload names its AVIF candidates, as the card's <picture> will. */
const IMAGE = "/demo/products/copper.svg";

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: "success", data }), { headers: { "Content-Type": "application/json" } });

const fetchMock = vi.fn<typeof fetch>();
const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)];
const hrefs = (rel: string) => links(rel).map((l) => l.getAttribute("href"));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(async () => {
  await setupI18n("en");
});

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = "";
  delete (window as unknown as Record<string, unknown>)[EARLY_REQUESTS];
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("index.html's first requests (src/boot)", () => {
  it("knows the landing pages by their hash, and no other page", () => {
    expect(firstLoadRoute("")?.route).toBe("home");
    expect(firstLoadRoute("#/")?.route).toBe("home");
    expect(firstLoadRoute("#/pages/index/index?lang=cn")?.route).toBe("home");
    expect(firstLoadRoute("#/pages/login/login")?.route).toBe("login");
    expect(firstLoadRoute("#/pages/goods-detail/goods-detail?id=7")?.search.get("id")).toBe("7");
    expect(firstLoadRoute("#/pages/my/my")).toBeNull();
    expect(firstLoadRoute("#/pages/index/index/extra")).toBeNull();
  });

  it("on home: starts the page's styles and the product list, then its first image; no script", async () => {
    window.location.hash = "#/pages/index/index";
    fetchMock.mockResolvedValue(envelope({ list: [{ id: 1, images: [IMAGE] }], page: 1, limit: 10, total: 1 }));
    startFirstLoad(plan);

    expect(hrefs("modulepreload")).toEqual([]);
    expect(links("preload").map((l) => [l.getAttribute("href"), l.as])).toEqual([["/assets/home-1.css", "style"]]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/base/api${productListPath(1)}`);
    expect(init?.method).toBe("GET");

    await settle();
    const image = links("preload").find((l) => l.as === "image");
    expect(image?.dataset.src).toBe(IMAGE);
    expect(image?.getAttribute("imagesrcset")).toContain("/demo/products/variants/copper-192.avif 192w");
    expect(image?.getAttribute("imagesizes")).toBe("96px");
  });

  it("hands its reply to the app's call, which then does not ask again; a second call does", async () => {
    window.location.hash = "#/";
    const page = { list: [{ id: 1, images: [] }], page: 1, limit: 10, total: 1 };
    fetchMock.mockResolvedValueOnce(envelope(page)).mockResolvedValueOnce(envelope({ ...page, total: 2 }));
    startFirstLoad(plan);
    await expect(api.get(productListPath(1))).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get(productListPath(1))).resolves.toMatchObject({ total: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("on a product: asks for that product (POST {}) and preloads its first image at the gallery's width", async () => {
    window.location.hash = "#/pages/goods-detail/goods-detail?id=3";
    fetchMock.mockResolvedValue(envelope({ id: 3, images: [IMAGE] }));
    startFirstLoad(plan);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/base/api${productDetailPath(3)}`);
    expect(init).toMatchObject({ method: "POST", body: "{}" });
    await settle();
    expect(
      links("preload")
        .find((l) => l.as === "image")
        ?.getAttribute("imagesizes"),
    ).toContain("528px");
    await expect(api.post(productDetailPath(3), {})).resolves.toMatchObject({ id: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks nothing for a product id that is not one, nor on login, nor on other pages", () => {
    for (const hash of ["#/pages/goods-detail/goods-detail?id=0", "#/pages/goods-detail/goods-detail?id=x"]) {
      window.location.hash = hash;
      startFirstLoad(plan);
    }
    window.location.hash = "#/pages/login/login";
    startFirstLoad(plan);
    window.location.hash = "#/pages/my/my";
    startFirstLoad(plan);
    expect(links("preload").filter((l) => l.as !== "style")).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks nothing when the web server's first screen brings the data (data: false); styles still", () => {
    window.location.hash = "#/pages/index/index";
    startFirstLoad(plan, window, { data: false });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(links("preload").map((l) => l.getAttribute("href"))).toEqual(["/assets/home-1.css"]);
  });

  it("the app's scripts: the entry's, the texts, and the landing page's own chunks", () => {
    window.location.hash = "#/pages/index/index";
    preloadAppScripts(plan);
    expect(hrefs("modulepreload")).toEqual([
      "/assets/index-1.js",
      "/assets/runtime-1.js",
      "/assets/en-1.js",
      "/assets/home-1.js",
      "/assets/shop-ui-1.js",
    ]);
    document.head.innerHTML = "";
    window.location.hash = "#/pages/my/my";
    preloadAppScripts(plan);
    expect(hrefs("modulepreload")).toEqual(["/assets/index-1.js", "/assets/runtime-1.js", "/assets/en-1.js"]);
  });

  it("fetches the texts in the language the app will pick (link, then stored choice, then browser) and English, the fallback", () => {
    const texts = () => hrefs("modulepreload").filter((href) => !plan.entryScripts.includes(href!));
    window.location.hash = "#/pages/my/my?lang=kr";
    localStorage.setItem(storageKeys.lang, "cn");
    preloadAppScripts(plan);
    expect(texts()).toEqual(["/assets/kr-1.js", "/assets/en-1.js"]);
    document.head.innerHTML = "";
    window.location.hash = "#/pages/my/my";
    preloadAppScripts(plan);
    expect(texts()).toEqual(["/assets/cn-1.js", "/assets/en-1.js"]);
    document.head.innerHTML = "";
    localStorage.clear();
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["de-DE", "en"]);
    preloadAppScripts(plan);
    expect(texts()).toEqual(["/assets/de-1.js", "/assets/en-1.js"]);
  });

  it("sends the session's token, and a call under another session asks again", async () => {
    window.location.hash = "#/";
    localStorage.setItem(storageKeys.token, "tok-a");
    fetchMock.mockImplementation(() => Promise.resolve(envelope({ list: [], page: 1, limit: 10, total: 0 })));
    startFirstLoad(plan);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get("token")).toBe("tok-a");
    localStorage.setItem(storageKeys.token, "tok-b");
    await api.get(productListPath(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get("token")).toBe("tok-b");
  });

  it("a failed early call is the app's network error, reported as any other", async () => {
    window.location.hash = "#/";
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    startFirstLoad(plan);
    await expect(api.get(productListPath(1))).rejects.toMatchObject({ kind: "network" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("an early reply is taken once, and only by the same call", () => {
    const response = Promise.resolve(new Response("{}"));
    const call = { method: "GET" as const, path: "/a", body: undefined, token: null };
    (window as unknown as Record<string, unknown>)[EARLY_REQUESTS] = [{ ...call, response }];
    expect(takeEarlyResponse({ ...call, method: "POST" })).toBeUndefined();
    expect(takeEarlyResponse({ ...call, path: "/b" })).toBeUndefined();
    expect(takeEarlyResponse({ ...call, token: "t" })).toBeUndefined();
    expect(takeEarlyResponse(call)).toBe(response);
    expect(takeEarlyResponse(call)).toBeUndefined();
  });
});
