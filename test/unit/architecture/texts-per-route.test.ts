import fs from "node:fs";
import path from "node:path";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { PREVIEW_TEXTS } from "@/app/protocol-figures-preview";
import { type RouteHandle, routes } from "@/app/router";
import { type Catalogue, catalogueOf } from "@/config/catalogues";
import { type ProtocolMenuId, protocolPath } from "@/config/paths";
import { importGraph } from "./import-graph";

/**
 * Texts load in catalogues (config/catalogues.ts): the shop's with the app, the others with the
 * routes that name them (app/router.tsx). A key shown where its catalogue is not loaded would
 * read as the bare key, so: every key a page's code can show is in a catalogue that page loads.
 */
const ROOT = path.resolve(__dirname, "../../..");
const graph = importGraph(ROOT);
const en = JSON.parse(fs.readFileSync(path.join(ROOT, "locales/en.json"), "utf8")) as Record<string, string>;
const prefixes = [...new Set(Object.keys(en).map((key) => key.split(".")[0]))].join("|");
// A quoted key ("products.buy"), or the fixed start of a template one (`protocol.menu.${id}`).
const KEY = new RegExp(`["'\`]((?:${prefixes})\\.[A-Za-z0-9_.]*?)(["'\`]|\\.?\\$\\{)`, "g");

/** The files `start` can load, following every import (lazy ones too) but not into another page. */
function closure(start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of graph.get(file) ?? [])
      if ((next.startsWith("src/") || next.startsWith("domain/")) && !(next.startsWith("src/app/routes/") && next !== file))
        queue.push(next);
  }
  return [...seen];
}

/** Keys (or key starts, ending with ".") written in `files`. */
function keysIn(files: string[]): string[] {
  const keys = new Set<string>();
  for (const file of files)
    for (const m of fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(KEY))
      keys.add(m[2] === "${" || m[2] === ".${" ? `${m[1]!.replace(/\.$/, "")}.` : m[1]!);
  return [...keys];
}

/** Keys that `files` show from outside `loaded`: "<file-less key> → <its catalogue>". */
function missing(files: string[], loaded: readonly Catalogue[]): string[] {
  const out: string[] = [];
  for (const key of keysIn(files)) {
    const concrete = key.endsWith(".") ? Object.keys(en).filter((k) => k.startsWith(key)) : [key.replace(/_(one|other)$/, "")];
    for (const k of concrete) if (!loaded.includes(catalogueOf(k))) out.push(`${k} → ${catalogueOf(k)}`);
  }
  return [...new Set(out)];
}

interface PageTexts {
  module: string;
  loaded: Catalogue[];
}

function pagesOf(list: RouteObject[], inherited: Catalogue[] = ["shop"]): PageTexts[] {
  return list.flatMap((route) => {
    const handle = route.handle as RouteHandle | undefined;
    const loaded = [...inherited, ...(handle?.texts ?? [])];
    const here = handle?.module ? [{ module: path.posix.join("src/app", handle.module), loaded }] : [];
    return [...here, ...pagesOf(route.children ?? [], loaded)];
  });
}

const pages = pagesOf(routes);
/** The protocol pages' first cards from the server's figures (app/protocol-figures-preview.tsx): not pages, but shown in the protocol layout. */
const previews = fs
  .readdirSync(path.join(ROOT, "src/app/routes"))
  .filter((f) => f.endsWith("-preview.tsx"))
  .map((f) => `src/app/routes/${f}`);

describe("texts per route", () => {
  it("sees every page of the router and the keys in its code", () => {
    expect(pages.length).toBeGreaterThan(35);
    expect(pages.find((p) => p.module === "src/app/routes/home.tsx")?.loaded).toEqual(["shop", "goods"]);
    expect(pages.find((p) => p.module === "src/app/routes/protocol-stake.tsx")?.loaded).toEqual([
      "shop",
      "protocol",
      "wallet",
      "protocolPages",
    ]);
    // The dashboard, outside the wallet layout, loads none of the writing pages' texts (ADR-0217).
    expect(pages.find((p) => p.module === "src/app/routes/protocol-dashboard.tsx")?.loaded).toEqual(["shop", "protocol"]);
    // The landing pages each load the shell's texts and their own only (ADR-0215).
    expect(pages.find((p) => p.module === "src/app/routes/goods-detail.tsx")?.loaded).toEqual(["shop", "goods"]);
    expect(pages.find((p) => p.module === "src/app/routes/login.tsx")?.loaded).toEqual(["shop", "wallet"]);
    expect(keysIn(closure("src/app/routes/home.tsx"))).toEqual(expect.arrayContaining(["products.soldOut", "home.title"]));
    // A template key counts as every key it can become.
    expect(missing(["src/features/home/components/protocol-menus.tsx"], ["shop", "goods"])).toEqual([]);
    expect(missing(["src/features/lottery/components/lottery-tabs.tsx"], ["shop"])).toContain("lottery.tabs.label → lottery");
  });

  it("the app shell (everything the entry loads, lazily or not, but the pages) shows shop texts only", () => {
    expect(missing(closure("src/main.tsx"), ["shop"])).toEqual([]);
  });

  it.each(previews)("%s, the protocol layout's fallback, shows only the texts that layout and the preview load", (module) => {
    const menu = /protocol-(\w+)-preview\.tsx$/.exec(module)?.[1] as ProtocolMenuId;
    expect(missing(closure(module), ["shop", "protocol", ...(PREVIEW_TEXTS[protocolPath(menu)] ?? [])])).toEqual([]);
  });

  it.each(pages.map((p) => [p.module, p] as const))("%s shows only texts it loads", (_module, page) => {
    // The operator console's own texts are a catalogue the console loads itself (locales/console).
    const files = closure(page.module);
    expect(files.length).toBeGreaterThan(0);
    expect(missing(files, page.loaded)).toEqual([]);
  });
});
