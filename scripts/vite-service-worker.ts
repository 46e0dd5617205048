import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { buildClassicScript } from "./lib/build-classic-script";

export interface PrecacheEntry {
  url: string;
  /** null for a content-hashed file (its name changes with it); a content hash otherwise. */
  revision: string | null;
}

interface ServiceWorkerOptions {
  /**
   * The module of the page the app starts on (the manifest's start_url, home): its chunks join
   * the shell. A build whose chunks do not include it fails, so a renamed route is noticed.
   */
  startRoute?: string;
  /** The worker's source. */
  entry?: string;
}

const SHELL_HTML = "index.html";
/** Never precached, whatever a build emits there: the API's answers are not the worker's. */
const API_PREFIX = "/base/api";

const hash = (...parts: (string | Uint8Array)[]) => {
  const h = createHash("sha256");
  for (const part of parts) h.update(part);
  return h.digest("hex").slice(0, 16);
};

/**
 * What the shell needs to start offline: index.html, the entry chunk and the start page's
 * chunk with everything they import statically, and their stylesheets. A stylesheet of the
 * entry that index.html inlines (vite.config.mts, inlineEntryCss) is not fetched, so not cached.
 * Lazy chunks and locale files are left to the worker's runtime cache and to the page, which
 * hands it what it loaded before the worker took over (src/lib/service-worker/register.ts).
 */
export function shellEntries(bundle: Rollup.OutputBundle, startModule: string): PrecacheEntry[] {
  const html = bundle[SHELL_HTML];
  if (!html || html.type !== "asset") throw new Error(`the build has no ${SHELL_HTML}`);
  const htmlSource = typeof html.source === "string" ? html.source : Buffer.from(html.source).toString("utf8");
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const start = chunks.find((c) => c.facadeModuleId === startModule);
  if (!start) throw new Error(`the start page ${startModule} is not a chunk of the build`);

  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (chunk !== entry || htmlSource.includes(css)) files.add(css);
    }
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === "chunk") visit(imported);
    }
  };
  visit(entry);
  visit(start);
  const entries: PrecacheEntry[] = [
    { url: `/${SHELL_HTML}`, revision: hash(htmlSource) },
    ...[...files].sort().map((file) => ({ url: `/${file}`, revision: null })),
  ];
  const api = entries.find((e) => e.url === API_PREFIX || e.url.startsWith(`${API_PREFIX}/`));
  if (api) throw new Error(`refusing to precache ${api.url}: the API is never cached`);
  return entries;
}

/** Changes whenever any file of the build does, so the browser installs the new worker. */
export function buildVersion(bundle: Rollup.OutputBundle): string {
  const parts = Object.values(bundle)
    .map((file) => `${file.fileName}:${hash(file.type === "chunk" ? file.code : file.source)}`)
    .sort();
  return hash(...parts);
}

/**
 * Builds the service worker (src/service-worker/sw.ts) into /sw.js at the end of `vite build`,
 * with the shell's list and the build's version written into it, as Workbox's injectManifest
 * does (its build tool is not used: it brings Babel and a second Rollup for what this does).
 * A classic script, not a module worker, so that every browser that has workers runs it.
 */
export function serviceWorker({
  startRoute = "src/app/routes/home.tsx",
  entry = "src/service-worker/sw.ts",
}: ServiceWorkerOptions = {}): Plugin {
  let root = "";
  let alias: unknown = [];
  return {
    name: "service-worker",
    apply: "build",
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
    },
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const manifest = shellEntries(bundle, path.resolve(root, startRoute));
        const version = buildVersion(bundle);
        const code = await buildClassicScript({
          root,
          alias,
          entry,
          define: { __PRECACHE_MANIFEST__: manifest, __BUILD_VERSION__: version },
        });
        this.emitFile({ type: "asset", fileName: "sw.js", source: code });
      },
    },
  };
}
