// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteObject } from "react-router";
import { PROTOCOL_BUDGETS_KB } from "../../../bench/protocol-weight";
import { type ChunkGraph, buildChunkGraph, routeClosure } from "../../../bench/route-closure";
import { NOT_ON_SHOP_ROUTES, SHOP_ROUTE_JS_BUDGET, SHOP_ROUTES } from "../../../bench/shop-routes";
import { type RouteHandle, routes } from "@/app/router";
import type { Catalogue } from "@/config/catalogues";
import { LANGUAGES } from "@/config/languages";

/**
 * The phone-first budget on the production build itself: what each shop route loads before any
 * tap (the entry, the route's chunk, its texts in each language, and all they import)
 * stays within the budget and holds nothing of the console, the protocol or the wallet stack.
 * bench/shop-first-load.ts measures the same in a browser against the served build. The protocol
 * pages that write get the same check against their own budget (bench/protocol-weight.ts measures
 * them in a browser, with a session's extra code).
 */
let graph: ChunkGraph;
beforeAll(async () => {
  graph = await buildChunkGraph();
}, 180_000);

const KB = 1024;

/** The catalogues the router loads for the page `module` (its own and its layouts'). */
function cataloguesOf(
  module: string,
  list: RouteObject[] = routes,
  inherited: readonly Catalogue[] = ["shop"],
): Catalogue[] | null {
  for (const route of list) {
    const handle = route.handle as RouteHandle | undefined;
    const loaded = [...inherited, ...(handle?.texts ?? [])];
    if (handle?.module && `src/app/${handle.module.replace(/^\.\//, "")}` === module) return loaded;
    const below = cataloguesOf(module, route.children ?? [], loaded);
    if (below) return below;
  }
  return null;
}

describe.each(SHOP_ROUTES.map((r) => [r.name, r] as const))("%s, first load", (_name, route) => {
  const texts = (lang: string) => (cataloguesOf(route.module) ?? ["shop"]).map((c) => `locales/${lang}.json?catalogue=${c}`);

  it.each([...LANGUAGES])(`stays within ${SHOP_ROUTE_JS_BUDGET / KB} KB gzip of JavaScript in %s`, (lang) => {
    const { gzip, files } = routeClosure(graph, [route.module, ...texts(lang)]);
    const list = files.map((f) => `${(f.gzip / KB).toFixed(1)} KB ${f.file}`).join("\n");
    expect(gzip, `${route.name} in ${lang}:\n${list}`).toBeLessThanOrEqual(SHOP_ROUTE_JS_BUDGET);
  });

  it("loads nothing of the console, the protocol, the wallet stack or DOMPurify", () => {
    expect(cataloguesOf(route.module)).toContain("shop");
    const { files } = routeClosure(graph, [route.module, ...texts("en")]);
    const modules = files.flatMap((f) => f.modules.map((module) => ({ module, chunk: f.file })));
    expect(modules.length).toBeGreaterThan(50);
    const forbidden = modules.filter(({ module }) => NOT_ON_SHOP_ROUTES.some((pattern) => pattern.test(module)));
    expect(forbidden.map(({ module, chunk }) => `${module} (in ${chunk})`)).toEqual([]);
  });
});

/** The wallet layout's pages, as modules of the build: layout, wallet layout, page (and its figures preview). */
function walletPages(list: RouteObject[], parents: string[] = []): { module: string; chain: string[] }[] {
  return list.flatMap((route) => {
    const handle = route.handle as RouteHandle | undefined;
    const module = handle?.module ? `src/app/${handle.module.replace(/^\.\//, "")}` : null;
    const chain = module ? [...parents, module] : parents;
    const inWallet = parents.some((m) => m.endsWith("protocol-wallet-layout.tsx"));
    const here =
      inWallet && module
        ? [{ module, chain: handle?.preview ? [...chain, module.replace(/\.tsx$/, "-preview.tsx")] : chain }]
        : [];
    return [...here, ...walletPages(route.children ?? [], chain)];
  });
}

const protocolPages = walletPages(routes);

describe("the protocol pages that write, before the first tap", () => {
  it("are all seen, with the previews of stake, bond and lottery", () => {
    expect(protocolPages.length).toBeGreaterThanOrEqual(12);
    expect(protocolPages.filter((p) => p.chain.some((m) => m.endsWith("-preview.tsx")))).toHaveLength(3);
  });

  it.each(protocolPages.map((p) => [p.module, p] as const))(
    `%s: its code stays within ${PROTOCOL_BUDGETS_KB.route} KB gzip and loads no signing curve (it comes with the first signature)`,
    (_module, page) => {
      const { gzip, files } = routeClosure(graph, page.chain);
      const list = files.map((f) => `${(f.gzip / KB).toFixed(1)} KB ${f.file}`).join("\n");
      const curves = files.flatMap((f) =>
        f.modules.filter((m) => m.startsWith("node_modules/@noble/curves/")).map((m) => `${m} (in ${f.file})`),
      );
      expect(curves).toEqual([]);
      expect(gzip, `${page.module}:\n${list}`).toBeLessThanOrEqual(PROTOCOL_BUDGETS_KB.route * KB);
    },
  );
});

describe("the measure", () => {
  it("sees the modules it forbids where they are", () => {
    const stake = routeClosure(graph, ["src/app/routes/protocol-stake.tsx"]);
    const modules = stake.files.flatMap((f) => f.modules);
    expect(modules.filter((m) => NOT_ON_SHOP_ROUTES.some((p) => p.test(m))).length).toBeGreaterThan(10);
    const admin = routeClosure(graph, ["src/app/routes/admin.tsx", "locales/console/en.json"]);
    expect(admin.files.flatMap((f) => f.modules).some((m) => m.startsWith("src/features/admin/"))).toBe(true);
  });
});
