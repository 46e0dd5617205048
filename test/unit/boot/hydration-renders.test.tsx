import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { HashRouter } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppTree } from "@/app/app-tree";
import { preloadRoute } from "@/app/router";
import { type ApiCall, prepareFirstScreens, renderFirstScreen } from "@/boot/first-screen";
import { LANDINGS_WITH_TIMES, landingOf } from "@/config/landing-pages";
import { i18n, initI18n } from "@/lib/i18n";
import { DASHBOARD_FIGURES } from "@domain/api/protocol-figures";
import { autoCleanup } from "../support/setup";
import { productSummary } from "../support/products";
import { testQueryClient } from "../support/shop-render";
import type * as HomeBannerModule from "@/features/home/components/home-banner";
import type * as ProtocolNavModule from "@/components/protocol/protocol-nav";

/**
 * After the hydration, React re-renders a component whose store snapshot differs between the
 * server's and the browser's (useSyncExternalStore) at once, synchronously, with everything it
 * renders below and every part still to hydrate there: on a phone, the dashboard link's longest
 * task (ADR-0221). Parts that must change after the hydration change alone; the page and the
 * layout around them are drawn once. Each counted part stands for its page's body.
 */
const renders = vi.hoisted(() => ({ banner: 0, nav: 0 }));
vi.mock("@/features/home/components/home-banner", async (load) => {
  const { HomeBanner } = await load<typeof HomeBannerModule>();
  return {
    HomeBanner: () => {
      renders.banner++;
      return <HomeBanner />;
    },
  };
});
vi.mock("@/components/protocol/protocol-nav", async (load) => {
  const { ProtocolNav } = await load<typeof ProtocolNavModule>();
  return {
    ProtocolNav: () => {
      renders.nav++;
      return <ProtocolNav />;
    },
  };
});

autoCleanup();

const product = productSummary(1, { title: "Copper" });
const figures = {
  block: { number: "4321", timestamp: "1795000000" },
  dashboard: Object.fromEntries(DASHBOARD_FIGURES.map((f) => [f, "1000"])),
  stake: null,
  bonds: null,
  lottery: null,
};
const api: ApiCall = async (method, path) => {
  if (method === "POST" && path === "/home/product/1") return { code: 0, data: { ...product, description: "<p>Cu</p>" } };
  if (path.startsWith("/home/product/list")) return { code: 0, data: { list: [product], total: 1, page: 1, limit: 10 } };
  if (path === "/protocol/figures") return { code: 0, data: { figures } };
  return { code: 404, data: null };
};

beforeAll(() => prepareFirstScreens(), 60_000);
beforeEach(() => {
  localStorage.clear();
  // The app's own calls (the notices, the chain): never answered, as on a first paint.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The server's screen of `hash`, hydrated as main.tsx does, with the settled effects of it. */
async function hydrateScreen(hash: string) {
  const screen = await renderFirstScreen(hash, "en", api);
  expect(screen).not.toBeNull();
  await Promise.all([initI18n("en"), preloadRoute(hash, { data: false })]);
  window.location.hash = hash;
  const container = document.createElement("div");
  container.innerHTML = screen!.html;
  document.body.append(container);
  const client = testQueryClient();
  hydrate(client, screen!.state as DehydratedState);
  renders.banner = renders.nav = 0;
  await act(async () => {
    hydrateRoot(container, <AppTree i18n={i18n} queryClient={client} router={HashRouter} />);
  });
  return container;
}

describe("what the hydration of a first screen renders", () => {
  it("home: the page once; only the daily reward's switch comes after (it alone reads the hydration's end)", async () => {
    const container = await hydrateScreen("#/pages/index/index");
    expect(container.textContent).toContain("Copper");
    expect(renders.banner).toBe(1);
  });

  it("the dashboard from a link: the protocol layout once (a page without a preview has nothing to switch)", async () => {
    const container = await hydrateScreen("#/pages/protocol/dashboard");
    expect(container.querySelector('[data-testid="dashboard-now"]')).not.toBeNull();
    expect(renders.nav).toBe(1);
  });
});

describe("the landing pages whose first screen shows a time", () => {
  it.each(["#/pages/index/index", "#/pages/login/login", "#/pages/goods-detail/goods-detail?id=1", "#/pages/protocol/dashboard"])(
    "%s: formats a time exactly when the boot script loads the date data for it",
    async (hash) => {
      // `format` is a getter on the prototype: read once per formatted time, cached formatter or not.
      const format = vi.spyOn(Intl.DateTimeFormat.prototype as { readonly format: unknown }, "format", "get");
      const screen = await renderFirstScreen(hash, "en", api);
      expect(screen).not.toBeNull();
      expect(format.mock.calls.length > 0).toBe(LANDINGS_WITH_TIMES.has(landingOf(hash)!.route));
      format.mockRestore();
    },
  );
});
