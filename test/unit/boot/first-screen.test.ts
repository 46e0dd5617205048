import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { FirstLoadPlan } from "@/boot/first-load";
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_STATE_ID } from "@/boot/first-load-plan";
import { showFirstScreen, wantsFirstScreen } from "@/boot/show-first-screen";
import { appStarter } from "@/boot/start-app";
import { PROTOCOL_LANDINGS } from "../support/first-load-plan";
import { setupI18n } from "../support/setup";
import { storageKeys } from "@/lib/session";

const plan: FirstLoadPlan = {
  entry: "/assets/index-1.js",
  entryScripts: ["/assets/index-1.js", "/assets/runtime-1.js"],
  apiBase: "",
  routes: {
    home: { scripts: ["/assets/home-1.js"], styles: ["/assets/home-1.css"] },
    login: { scripts: ["/assets/login-1.js"], styles: [] },
    goodsDetail: { scripts: ["/assets/goods-detail-1.js"], styles: [] },
    assets: { scripts: ["/assets/assets-1.js"], styles: [] },
    my: { scripts: ["/assets/my-1.js"], styles: [] },
    ...PROTOCOL_LANDINGS,
  },
  texts: { en: ["/assets/en-1.js"], cn: ["/assets/cn-1.js"], de: [], jp: [], kr: [] },
  intlWorker: "/assets/warm-intl-1.js",
};

const SCREEN = '<main class="page"><a href="#/pages/goods-detail/goods-detail?id=1">Copper</a></main>';
const PAGE = { list: [{ id: 1, title: "Copper", images: ["/demo/products/copper.svg"] }], page: 1, limit: 10, total: 1 };
/** The web server's answer: the screen, the query cache it was drawn from, and its largest image. */
const SCREEN_REPLY = {
  html: SCREEN,
  state: { mutations: [], queries: [{ queryKey: ["products", "list"], state: { data: { pages: [PAGE], pageParams: [1] } } }] },
  images: [{ src: "/demo/products/copper.svg", sizes: "96px", type: "image/avif", srcSet: "/v/copper-96.avif 96w" }],
};
const fetchMock = vi.fn<typeof fetch>();
const root = () => document.getElementById("root")!;
const screen = (status = 200) => new Response(status === 200 ? JSON.stringify(SCREEN_REPLY) : null, { status });
/** Holds the stylesheets the screen adds (jsdom would fail them at once): `load()` reports them loaded. */
function holdStylesheets() {
  const held: HTMLLinkElement[] = [];
  const append = document.head.append.bind(document.head);
  vi.spyOn(document.head, "append").mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (node instanceof HTMLLinkElement && node.rel === "stylesheet") held.push(node);
      else append(node);
    }
  });
  return { hrefs: () => held.map((l) => l.getAttribute("href")), load: () => held.forEach((l) => l.onload?.(new Event("load"))) };
}
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeAll(async () => {
  await setupI18n("en");
});

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = "";
  document.body.innerHTML = '<div id="root"><div class="boot-nav"></div></div>';
  document.documentElement.lang = "en";
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the web server's first screen (src/boot/show-first-screen.ts)", () => {
  it("on a landing page without a session: asks for it in the visitor's language, then shows it inert, styled", async () => {
    window.location.hash = "#/pages/index/index?lang=cn";
    fetchMock.mockResolvedValue(screen());
    const stylesheets = holdStylesheets();
    const shown = showFirstScreen(plan, () => false);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), "http://x");
    expect(url.pathname).toBe("/first-screen");
    expect(Object.fromEntries(url.searchParams)).toEqual({ hash: "#/pages/index/index?lang=cn", lang: "cn" });
    // Not before its styles are here: an unstyled screen would only shift into place.
    expect(stylesheets.hrefs()).toEqual(["/assets/home-1.css"]);
    expect(root().innerHTML).not.toContain("Copper");
    stylesheets.load();
    await shown;
    expect(root().innerHTML).toBe(SCREEN);
    expect(root().hasAttribute("inert")).toBe(true);
    expect(root().hasAttribute(FIRST_SCREEN_ATTRIBUTE)).toBe(true);
    expect(document.documentElement.lang).toBe("zh-CN");
    // Its first image was asked for at once, at the card's size.
    const image = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(image?.dataset.src).toBe("/demo/products/copper.svg");
    // Its candidates as the server named them (the boot script has no table of variants).
    expect(image?.type).toBe("image/avif");
    expect(image?.getAttribute("imagesrcset")).toBe("/v/copper-96.avif 96w");
    expect(image?.getAttribute("imagesizes")).toBe("96px");
    // The data it was drawn from, as a JSON data block for the app to hydrate its query cache with.
    const block = document.getElementById(FIRST_SCREEN_STATE_ID) as HTMLScriptElement;
    expect(block.type).toBe("application/json");
    expect(JSON.parse(block.textContent!)).toEqual(SCREEN_REPLY.state);
  });

  it("sign-in in a browser that holds a wallet: asked for as it shows there (wallet=1)", async () => {
    window.location.hash = "#/pages/login/login";
    fetchMock.mockResolvedValue(screen(204));
    expect(wantsFirstScreen()).toBe(true);
    await showFirstScreen(plan, () => false);
    expect(new URL(String(fetchMock.mock.calls[0]![0]), "http://x").searchParams.get("wallet")).toBeNull();
    vi.stubGlobal("ethereum", { request: () => Promise.resolve(null) });
    expect(wantsFirstScreen()).toBe(true);
    await showFirstScreen(plan, () => false);
    expect(new URL(String(fetchMock.mock.calls[1]![0]), "http://x").searchParams.get("wallet")).toBe("1");
    // Only sign-in differs with a wallet: home is asked for as it is.
    window.location.hash = "#/pages/index/index";
    await showFirstScreen(plan, () => false);
    expect(new URL(String(fetchMock.mock.calls[2]![0]), "http://x").searchParams.get("wallet")).toBeNull();
  });

  it("for a signed-in visitor, their pages with their session in headers (never the URL); not sign-in", async () => {
    const token = "t".repeat(43);
    const address = `0x${"ab".repeat(20)}`;
    localStorage.setItem(storageKeys.token, token);
    localStorage.setItem(storageKeys.address, address);
    for (const hash of [
      "#/pages/index/index",
      "#/pages/my/my",
      "#/pages/assets/assets",
      "#/pages/goods-detail/goods-detail?id=1",
    ]) {
      window.location.hash = hash;
      expect(wantsFirstScreen(), hash).toBe(true);
    }
    window.location.hash = "#/pages/login/login";
    expect(wantsFirstScreen()).toBe(false);
    window.location.hash = "#/pages/my/my";
    fetchMock.mockResolvedValue(screen(204));
    await showFirstScreen(plan, () => false);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).not.toContain(token);
    expect(String(url)).not.toContain(address);
    expect(init?.headers).toEqual({ Accept: "application/json", token, "x-pex-address": address });
  });

  it("not for an address without a session, not a signed-in visitor's page without one, nor another page", async () => {
    for (const [hash, key] of [
      ["#/pages/index/index", storageKeys.address],
      ["#/pages/login/login", storageKeys.address],
      ["#/pages/my/my", null],
      ["#/pages/assets/assets", null],
      ["#/pages/team/team", storageKeys.token],
    ] as const) {
      localStorage.clear();
      if (key) localStorage.setItem(key, "x");
      window.location.hash = hash;
      expect(wantsFirstScreen(), hash).toBe(false);
      await showFirstScreen(plan, () => false);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(root().innerHTML).toBe('<div class="boot-nav"></div>');
  });

  it("on a page that shows times, starts the date data's worker while the screen is on its way, in a task of its own (ADR-0226)", async () => {
    const started: [string, WorkerOptions | undefined][] = [];
    vi.stubGlobal(
      "Worker",
      class {
        constructor(url: string, options?: WorkerOptions) {
          started.push([url, options]);
        }
      },
    );
    const built = vi.spyOn(Intl, "DateTimeFormat");
    let answer!: (reply: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    window.location.hash = "#/pages/protocol/dashboard?lang=de";
    const shown = showFirstScreen(plan, () => false);
    // Not in the boot script's own task: that one only asks for the screen.
    expect(started).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([["/assets/warm-intl-1.js", { name: "de" }]]);
    // The main thread builds no formatter of its own for it.
    expect(built).not.toHaveBeenCalled();
    answer(screen(204));
    await shown;
    // Home shows no time: no worker there.
    started.length = 0;
    fetchMock.mockResolvedValue(screen(204));
    window.location.hash = "#/pages/index/index";
    await showFirstScreen(plan, () => false);
    await settle();
    expect(started).toEqual([]);
    // A browser that refuses the worker: nothing thrown from the timer (vitest fails the run on
    // an uncaught error).
    let refused = 0;
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          refused++;
          throw new DOMException("refused", "SecurityError");
        }
      },
    );
    window.location.hash = "#/pages/protocol/dashboard";
    await showFirstScreen(plan, () => false);
    await settle();
    expect(refused).toBe(1);
    vi.unstubAllGlobals();
  });

  it("lays out the screen's fonts while it is on its way, in the visitor's language, until it is in (ADR-0224)", async () => {
    let answer!: (reply: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    window.location.hash = "#/pages/index/index?lang=kr";
    const warming = () => document.body.querySelector<HTMLElement>("body > div[lang]");
    const stylesheets = holdStylesheets();
    const shown = showFirstScreen(plan, () => false);
    await settle();
    expect(warming()?.lang).toBe("ko");
    expect(warming()!.querySelectorAll("span").length).toBeGreaterThan(1);
    answer(screen());
    await settle();
    stylesheets.load();
    await shown;
    await settle();
    expect(warming()).toBeNull();
    // And when the server has none: the app starts then, without it.
    document.body.innerHTML = '<div id="root"></div>';
    fetchMock.mockResolvedValue(screen(204));
    await showFirstScreen(plan, () => false);
    await settle();
    expect(warming()).toBeNull();
  });

  it("leaves the boot screen when the server has none (204), when it fails, or when the app started first", async () => {
    window.location.hash = "#/pages/login/login";
    fetchMock.mockResolvedValueOnce(screen(204));
    await showFirstScreen(plan, () => false);
    fetchMock.mockRejectedValueOnce(new TypeError("offline"));
    await expect(showFirstScreen(plan, () => false)).rejects.toThrow("offline");
    fetchMock.mockResolvedValueOnce(screen());
    window.location.hash = "#/pages/index/index";
    await showFirstScreen(plan, () => true);
    expect(root().innerHTML).toBe('<div class="boot-nav"></div>');
    expect(root().hasAttribute("inert")).toBe(false);
    // An app that started asked for its data itself: no state is left for it to take.
    expect(document.getElementById(FIRST_SCREEN_STATE_ID)).toBeNull();
  });
});

describe("the app's start (src/boot/start-app.ts)", () => {
  it("preloads the app's scripts, runs the entry once the document is parsed, and only once", async () => {
    window.location.hash = "#/pages/login/login";
    const load = vi.fn(() => Promise.resolve());
    const app = appStarter(plan, window, load);
    expect(app.started()).toBe(false);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    app.start();
    app.start();
    expect(app.started()).toBe(true);
    const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href"));
    expect(preloads()).toEqual(["/assets/index-1.js", "/assets/runtime-1.js"]);
    // The texts and the page's own chunks, one to a task (src/boot/first-load.ts, PRELOADS_PER_TASK).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual(["/assets/index-1.js", "/assets/runtime-1.js", "/assets/en-1.js"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual(["/assets/index-1.js", "/assets/runtime-1.js", "/assets/en-1.js", "/assets/login-1.js"]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith("/assets/index-1.js");
  });
});
