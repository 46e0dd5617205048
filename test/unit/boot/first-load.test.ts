import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FirstLoadPlan, PRELOADS_PER_TASK, firstLoadRoute, preloadAppScripts, startFirstLoad } from "@/boot/first-load";
import { LANDING_AUDIENCE, landingOf, landingPaths } from "@/config/landing-pages";
import { storageKeys } from "@/lib/session";
import { PROTOCOL_LANDINGS } from "../support/first-load-plan";
import { setupI18n } from "../support/setup";

const plan: FirstLoadPlan = {
  entry: "/assets/index-1.js",
  entryScripts: ["/assets/index-1.js", "/assets/runtime-1.js"],
  apiBase: "",
  routes: {
    home: { scripts: ["/assets/home-1.js", "/assets/shop-ui-1.js"], styles: ["/assets/home-1.css"] },
    login: { scripts: ["/assets/login-1.js"], styles: [] },
    goodsDetail: { scripts: ["/assets/goods-detail-1.js"], styles: ["/assets/safe-html-1.css"] },
    assets: { scripts: ["/assets/assets-1.js"], styles: [] },
    my: { scripts: ["/assets/my-1.js"], styles: [] },
    ...PROTOCOL_LANDINGS,
  },
  texts: {
    en: ["/assets/en-1.js"],
    cn: ["/assets/cn-1.js"],
    de: ["/assets/de-1.js"],
    jp: ["/assets/jp-1.js"],
    kr: ["/assets/kr-1.js"],
  },
  intlWorker: "/assets/warm-intl-1.js",
};

const fetchMock = vi.fn<typeof fetch>();
const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)];
const hrefs = (rel: string) => links(rel).map((l) => l.getAttribute("href"));
/** Lets `n` timer tasks run. */
const tasks = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeAll(async () => {
  await setupI18n("en");
});

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = "";
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
    expect(firstLoadRoute("#/pages/team/team")).toBeNull();
    expect(firstLoadRoute("#/pages/index/index/extra")).toBeNull();
  });

  it("starts a landing page's styles at once, and nothing else: its data is the app's", () => {
    window.location.hash = "#/pages/index/index";
    startFirstLoad(plan);
    expect(hrefs("modulepreload")).toEqual([]);
    expect(links("preload").map((l) => [l.getAttribute("href"), l.as])).toEqual([["/assets/home-1.css", "style"]]);
    document.head.innerHTML = "";
    window.location.hash = "#/pages/goods-detail/goods-detail?id=3";
    startFirstLoad(plan);
    expect(links("preload").map((l) => l.getAttribute("href"))).toEqual(["/assets/safe-html-1.css"]);
    document.head.innerHTML = "";
    window.location.hash = "#/pages/team/team";
    startFirstLoad(plan);
    expect(links("preload")).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the app's scripts: the entry's, the texts, and the landing page's own chunks", async () => {
    window.location.hash = "#/pages/index/index";
    preloadAppScripts(plan);
    await tasks(3);
    expect(hrefs("modulepreload")).toEqual([
      "/assets/index-1.js",
      "/assets/runtime-1.js",
      "/assets/en-1.js",
      "/assets/home-1.js",
      "/assets/shop-ui-1.js",
    ]);
    document.head.innerHTML = "";
    window.location.hash = "#/pages/team/team";
    preloadAppScripts(plan);
    await tasks(1);
    expect(hrefs("modulepreload")).toEqual(["/assets/index-1.js", "/assets/runtime-1.js", "/assets/en-1.js"]);
  });

  it("asks for the entry's scripts at once, then the texts and the page's own chunks one to a task", async () => {
    const own = Array.from({ length: 2 * PRELOADS_PER_TASK }, (_, i) => `/assets/part-${i}.js`);
    const many: FirstLoadPlan = { ...plan, routes: { ...plan.routes, assets: { scripts: own, styles: [] } } };
    window.location.hash = "#/pages/assets/assets";
    preloadAppScripts(many);
    const entry = ["/assets/index-1.js", "/assets/runtime-1.js"];
    const rest = ["/assets/en-1.js", ...own];
    expect(hrefs("modulepreload")).toEqual(entry);
    await tasks(1);
    expect(hrefs("modulepreload")).toEqual([...entry, ...rest.slice(0, PRELOADS_PER_TASK)]);
    await tasks(1);
    expect(hrefs("modulepreload")).toEqual([...entry, ...rest.slice(0, 2 * PRELOADS_PER_TASK)]);
    await tasks(1);
    expect(hrefs("modulepreload")).toEqual([...entry, ...rest]);
  });

  it("fetches the texts in the language the app will pick (link, then stored choice, then browser)", async () => {
    const texts = () => hrefs("modulepreload").filter((href) => !plan.entryScripts.includes(href!));
    window.location.hash = "#/pages/team/team?lang=kr";
    localStorage.setItem(storageKeys.lang, "cn");
    preloadAppScripts(plan);
    await tasks(1);
    expect(texts()).toEqual(["/assets/kr-1.js"]);
    document.head.innerHTML = "";
    window.location.hash = "#/pages/team/team";
    preloadAppScripts(plan);
    await tasks(1);
    expect(texts()).toEqual(["/assets/cn-1.js"]);
    document.head.innerHTML = "";
    localStorage.clear();
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["de-DE", "en"]);
    preloadAppScripts(plan);
    await tasks(1);
    expect(texts()).toEqual(["/assets/de-1.js"]);
  });
});

describe("the landing pages the web server prepares at its start (boot/first-screen.tsx)", () => {
  it("are one path of each landing page, each leading back to it", () => {
    const paths = landingPaths();
    const routes = paths.map((path) => landingOf(`#${path}`)?.route);
    expect(new Set(routes)).toEqual(new Set(Object.keys(LANDING_AUDIENCE)));
    expect(routes).toHaveLength(Object.keys(LANDING_AUDIENCE).length);
  });
});
