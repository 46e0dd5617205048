import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { buildVersion, shellEntries } from "../../../scripts/vite-service-worker";

const START = "/app/src/app/routes/home.tsx";

function chunk(fileName: string, opts: Partial<Rollup.OutputChunk> & { css?: string[] } = {}): Rollup.OutputChunk {
  const { css = [], ...rest } = opts;
  return {
    type: "chunk",
    fileName,
    code: `/* ${fileName} */`,
    isEntry: false,
    imports: [],
    dynamicImports: [],
    facadeModuleId: null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set(), __modules: {} },
    ...rest,
  } as unknown as Rollup.OutputChunk;
}

const asset = (fileName: string, source: string) => ({ type: "asset", fileName, source }) as unknown as Rollup.OutputAsset;

/** The shape of a real build: an entry with the app's inlined CSS, a home page, lazy pages, locales. */
function bundle(html = '<html><style>…</style><script type="module" src="/assets/index-A.js"></script></html>') {
  const files = [
    asset("index.html", html),
    chunk("assets/index-A.js", {
      isEntry: true,
      imports: ["assets/i18n-B.js"],
      dynamicImports: ["assets/home-C.js", "assets/my-D.js", "assets/en-E.js"],
      css: ["assets/index-A.css"],
    }),
    chunk("assets/i18n-B.js"),
    chunk("assets/home-C.js", {
      facadeModuleId: START,
      imports: ["assets/i18n-B.js", "assets/card-F.js"],
      css: ["assets/home-C.css"],
    }),
    chunk("assets/card-F.js", { css: ["assets/card-F.css"] }),
    chunk("assets/my-D.js", { facadeModuleId: "/app/src/app/routes/my.tsx" }),
    chunk("assets/en-E.js"),
    asset("assets/index-A.css", ".a{}"),
    asset("assets/home-C.css", ".c{}"),
    asset("assets/card-F.css", ".f{}"),
  ];
  return Object.fromEntries(files.map((f) => [f.fileName, f])) as Rollup.OutputBundle;
}

describe("the shell the worker precaches", () => {
  it("is index.html (revisioned) and what the entry and the start page load statically, with their CSS", () => {
    const entries = shellEntries(bundle(), START);
    expect(entries[0]).toEqual({ url: "/index.html", revision: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(entries.slice(1)).toEqual(
      [
        "assets/card-F.css",
        "assets/card-F.js",
        "assets/home-C.css",
        "assets/home-C.js",
        "assets/i18n-B.js",
        "assets/index-A.js",
      ].map((f) => ({ url: `/${f}`, revision: null })),
    );
  });

  it("leaves out lazy pages and locales (the runtime cache takes them) and the entry CSS index.html inlines", () => {
    const urls = shellEntries(bundle(), START).map((e) => e.url);
    expect(urls).not.toContain("/assets/my-D.js");
    expect(urls).not.toContain("/assets/en-E.js");
    expect(urls).not.toContain("/assets/index-A.css");
    // Linked rather than inlined, the entry's stylesheet is part of the shell.
    const linked = shellEntries(
      bundle('<link rel="stylesheet" href="/assets/index-A.css"><script src="/assets/index-A.js">'),
      START,
    );
    expect(linked.map((e) => e.url)).toContain("/assets/index-A.css");
  });

  it("gives index.html a new revision when it changes", () => {
    const a = shellEntries(bundle("<html>a</html>"), START)[0]!.revision;
    const b = shellEntries(bundle("<html>b</html>"), START)[0]!.revision;
    expect(a).not.toBe(b);
  });

  it("fails the build when the start page is not a chunk (a renamed route)", () => {
    expect(() => shellEntries(bundle(), "/app/src/app/routes/start.tsx")).toThrow(/start page/);
  });
});

describe("the build's version", () => {
  it("changes with any file of the build, lazy ones included, and only then", () => {
    const before = buildVersion(bundle());
    expect(buildVersion(bundle())).toBe(before);
    const changed = bundle();
    (changed["assets/my-D.js"] as Rollup.OutputChunk).code = "/* changed */";
    expect(buildVersion(changed)).not.toBe(before);
  });
});
