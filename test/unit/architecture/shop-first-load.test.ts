// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { type ChunkGraph, buildChunkGraph, routeClosure } from "../../../bench/route-closure";
import { NOT_ON_SHOP_ROUTES, SHOP_ROUTE_JS_BUDGET, SHOP_ROUTES } from "../../../bench/shop-routes";
import { LANGUAGES } from "@/config/languages";

/**
 * The phone-first budget on the production build itself: what each shop route loads before any
 * tap (the entry, the route's chunk, the shop's texts in each language, and all they import)
 * stays within the budget and holds nothing of the console, the protocol or the wallet stack.
 * bench/shop-first-load.ts measures the same in a browser against the served build.
 */
let graph: ChunkGraph;
beforeAll(async () => {
  graph = await buildChunkGraph();
}, 180_000);

const KB = 1024;

describe.each(SHOP_ROUTES.map((r) => [r.name, r] as const))("%s, first load", (_name, route) => {
  it.each([...LANGUAGES])(`stays within ${SHOP_ROUTE_JS_BUDGET / KB} KB gzip of JavaScript in %s`, (lang) => {
    const { gzip, files } = routeClosure(graph, [route.module, `locales/${lang}.json?catalogue=shop`]);
    const list = files.map((f) => `${(f.gzip / KB).toFixed(1)} KB ${f.file}`).join("\n");
    expect(gzip, `${route.name} in ${lang}:\n${list}`).toBeLessThanOrEqual(SHOP_ROUTE_JS_BUDGET);
  });

  it("loads nothing of the console, the protocol, the wallet stack or DOMPurify", () => {
    const { files } = routeClosure(graph, [route.module, "locales/en.json?catalogue=shop"]);
    const modules = files.flatMap((f) => f.modules.map((module) => ({ module, chunk: f.file })));
    expect(modules.length).toBeGreaterThan(50);
    const forbidden = modules.filter(({ module }) => NOT_ON_SHOP_ROUTES.some((pattern) => pattern.test(module)));
    expect(forbidden.map(({ module, chunk }) => `${module} (in ${chunk})`)).toEqual([]);
  });
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
