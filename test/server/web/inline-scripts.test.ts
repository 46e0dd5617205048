import { createHash } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadPlan } from "../../../scripts/vite-first-load";
import { inlineScriptHashes } from "../../../web-server/inline-scripts";
import { FIXTURE, startWeb } from "./support";

const BOOT = `(function(){window.__boot=1})();`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inline scripts and the Content-Security-Policy", () => {
  it("hashes exactly the text of each inline script, and no script with a src", () => {
    const html = `<head><script type="module" crossorigin src="/assets/index.js"></script><script>${BOOT}</script><script>  </script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha(BOOT)]);
    expect(inlineScriptHashes(FIXTURE.index)).toEqual([]);
  });

  it("the web server allows the build's inline script by its hash, and no other inline script", async () => {
    const site = await startWeb("http://127.0.0.1:9");
    try {
      // The fixture build has none: scripts from this origin only.
      const csp = String((await fetch(`${site.url}/`)).headers.get("content-security-policy"));
      expect(csp).toContain("script-src 'self';");
    } finally {
      await site.close();
    }
    // The web server reads the build's index.html when it starts.
    const site2 = await startWebWithIndex(FIXTURE.index.replace("</head>", `<script>${BOOT}</script></head>`));
    try {
      const csp = String((await fetch(`${site2.url}/`)).headers.get("content-security-policy"));
      const scriptSrc = csp.split(";").find((d) => d.startsWith("script-src"));
      expect(scriptSrc).toBe(`script-src 'self' ${sha(BOOT)}`);
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain(sha(`${BOOT} `));
    } finally {
      await site2.close();
    }
  });
});

/** startWeb over the fixture build, with its index.html replaced before the server starts. */
async function startWebWithIndex(index: string) {
  const original = FIXTURE.index;
  FIXTURE.index = index;
  try {
    return await startWeb("http://127.0.0.1:9");
  } finally {
    FIXTURE.index = original;
  }
}

describe("the landing pages' files in the build (scripts/vite-first-load.ts)", () => {
  const root = "/app";
  const chunk = (
    fileName: string,
    more: Partial<{ isEntry: boolean; facadeModuleId: string; imports: string[]; css: string[] }>,
  ) => ({
    type: "chunk" as const,
    fileName,
    isEntry: more.isEntry ?? false,
    facadeModuleId: more.facadeModuleId ?? null,
    imports: more.imports ?? [],
    viteMetadata: { importedCss: new Set(more.css ?? []), importedAssets: new Set<string>() },
  });
  const route = (name: string) => path.join(root, "src/app/routes", `${name}.tsx`);
  const texts = ["en", "cn", "de", "jp", "kr"].map((lang) =>
    chunk(`assets/${lang}-1.js`, { facadeModuleId: `${root}/locales/${lang}.json?catalogue=shop` }),
  );
  const bundle = (pages: ReturnType<typeof chunk>[]) =>
    Object.fromEntries(
      [
        chunk("assets/index-1.js", { isEntry: true, imports: ["assets/runtime-1.js"] }),
        chunk("assets/runtime-1.js", {}),
        chunk("assets/shop-ui-1.js", { imports: ["assets/runtime-1.js"], css: ["assets/shop-ui-1.css"] }),
        ...texts,
        chunk("assets/account-en-1.js", { facadeModuleId: `${root}/locales/en.json?catalogue=account` }),
        ...pages,
      ].map((c) => [c.fileName, c]),
    ) as never;
  const pages = [
    chunk("assets/home-1.js", {
      facadeModuleId: route("home"),
      imports: ["assets/shop-ui-1.js", "assets/runtime-1.js"],
      css: ["assets/home-1.css"],
    }),
    chunk("assets/login-1.js", { facadeModuleId: route("login"), imports: ["assets/runtime-1.js"] }),
    chunk("assets/goods-detail-1.js", { facadeModuleId: route("goods-detail"), imports: ["assets/shop-ui-1.js"] }),
    chunk("assets/assets-1.js", { facadeModuleId: route("assets"), imports: ["assets/shop-ui-1.js"] }),
    chunk("assets/my-1.js", { facadeModuleId: route("my"), imports: ["assets/shop-ui-1.js"] }),
    // The dashboard nests in the protocol layout, whose chunk brings the protocol's styles.
    chunk("assets/protocol-layout-1.js", {
      facadeModuleId: route("protocol-layout"),
      imports: ["assets/runtime-1.js", "assets/figure-list-1.js"],
      css: ["assets/protocol-layout-1.css"],
    }),
    chunk("assets/figure-list-1.js", { imports: ["assets/runtime-1.js"], css: ["assets/figure-list-1.css"] }),
    chunk("assets/protocol-dashboard-1.js", {
      facadeModuleId: route("protocol-dashboard"),
      imports: ["assets/figure-list-1.js"],
    }),
    // A signed-in visitor's stake, bond and lottery: the layout and the page's preview (ADR-0213).
    ...["stake", "bond", "lottery"].map((page) =>
      chunk(`assets/protocol-${page}-preview-1.js`, {
        facadeModuleId: route(`protocol-${page}-preview`),
        imports: ["assets/figure-list-1.js"],
      }),
    ),
  ];

  it("names each page's own chunks and stylesheets, nothing the entry already brings, and the shop texts per language", () => {
    const plan = firstLoadPlan(bundle(pages), root, "https://api.example.com", "/assets/warm-intl-1.js");
    expect(plan.apiBase).toBe("https://api.example.com");
    expect(plan.intlWorker).toBe("/assets/warm-intl-1.js");
    expect(plan.routes.home).toEqual({
      scripts: ["/assets/home-1.js", "/assets/shop-ui-1.js"],
      styles: ["/assets/home-1.css", "/assets/shop-ui-1.css"],
    });
    expect(plan.routes.login).toEqual({ scripts: ["/assets/login-1.js"], styles: [] });
    // A page and its layout: both chunks and what they import, each once, with their styles.
    expect(plan.routes.dashboard).toEqual({
      scripts: ["/assets/protocol-layout-1.js", "/assets/figure-list-1.js", "/assets/protocol-dashboard-1.js"],
      styles: ["/assets/protocol-layout-1.css", "/assets/figure-list-1.css"],
    });
    expect(plan.routes.stake).toEqual({
      scripts: ["/assets/protocol-layout-1.js", "/assets/figure-list-1.js", "/assets/protocol-stake-preview-1.js"],
      styles: ["/assets/protocol-layout-1.css", "/assets/figure-list-1.css"],
    });
    expect(plan.texts.cn).toEqual(["/assets/cn-1.js"]);
    expect(plan.texts.en).toEqual(["/assets/en-1.js"]);
  });

  it("fails the build when a landing page is no chunk of it (a renamed route)", () => {
    expect(() => firstLoadPlan(bundle(pages.filter((p) => !p.fileName.includes("goods-detail"))), root, "", "")).toThrow(
      /goods-detail\.tsx is not a chunk/,
    );
  });
});
