import path from "node:path";
import react from "@vitejs/plugin-react";
import fs from "node:fs";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { localeCatalogues } from "./scripts/lib/vite-locale-catalogues";
import { compileHints } from "./scripts/lib/vite-compile-hints";
import { withoutDeploylessCallBytecode } from "./scripts/lib/vite-without-deployless-bytecode";
import { parseEnv } from "./src/config/env-schema";
import { precompressDir } from "./web-server/precompress";
import { serviceWorker } from "./scripts/vite-service-worker";
import { firstLoad } from "./scripts/vite-first-load";
import { FIRST_SCREEN_ENTRY, firstScreenDir } from "./web-server/first-screen-bundle";

const apiPort = process.env.API_PORT ?? "8787";
const apiTarget = process.env.API_PROXY_TARGET || `http://127.0.0.1:${apiPort}`;
/**
 * The web app calls the API on its own origin; the dev server forwards /base/api. As the
 * production web server does (web-server/api-proxy.ts), it replaces X-Forwarded-For with the
 * connection's address: the API trusts loopback, so a client-sent value must never reach it.
 */
const proxy: Record<string, ProxyOptions> = {
  "/base/api": {
    target: apiTarget,
    changeOrigin: false,
    configure(server) {
      server.on("proxyReq", (proxyReq, req) => {
        for (const name of ["forwarded", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"]) proxyReq.removeHeader(name);
        proxyReq.setHeader("x-forwarded-for", req.socket.remoteAddress ?? "");
      });
    },
  },
};

/**
 * `virtual:deployments`: the addresses file written by scripts/deploy.ts, inlined at build time,
 * without what only the deploy and the explorer verification read (each contract's creation and
 * constructor arguments, the compiler): several KB no page uses.
 */
function deploymentsModule(): Plugin {
  const file = process.env.VITE_DEPLOYMENTS_FILE ?? process.env.DEPLOYMENTS_FILE ?? path.join(".data", "deployments.json");
  const id = "virtual:deployments";
  return {
    name: "deployments",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loadId) {
      if (loadId !== `\0${id}`) return undefined;
      if (fs.existsSync(file)) this.addWatchFile(file);
      if (!fs.existsSync(file)) return "export default null;";
      const {
        deployed: _deployed,
        compiler: _compiler,
        ...forTheApp
      } = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      return `export default ${JSON.stringify(forTheApp)};`;
    },
  };
}

/**
 * `virtual:env`: the VITE_* variables parsed once here, when the app is built or served: a bad
 * value stops the build naming it, and the schema library (6 KB gzip) stays out of the browser.
 */
function envModule(): Plugin {
  const id = "virtual:env";
  let parsed = "";
  return {
    name: "env",
    configResolved(config) {
      parsed = JSON.stringify(parseEnv(config.env));
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (loadId) => (loadId === `\0${id}` ? `export default ${parsed};` : undefined),
  };
}

/**
 * Inlines the entry stylesheet (about 2 KB gzip) into index.html, so that it neither blocks the
 * first paint nor costs a request on a phone network. Lazy pages keep their own CSS files.
 */
function inlineEntryCss(): Plugin {
  return {
    name: "inline-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*?href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === "asset" ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * Writes .br and .gz copies beside the built files, for the web server's precompressed static
 * files: `npm run build` and the stack (`scripts/lib/stack.ts`) both get them from `vite build`.
 */
function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}

/**
 * Modules the shop's landing pages (home, product detail, sign-in) and the protocol's share; see
 * `codeSplitting`. Not what only some of them show (the notices' list, "load more", the bottom sheet
 * of the popups): the pages that do bring those in chunks of their own (ADR-0220).
 */
const SHOP_UI = new RegExp(
  [
    String.raw`/src/components/layout/header-bar`,
    String.raw`/src/components/ui/(card|empty|load-error)\.`,
    String.raw`/src/lib/(money-format|in-app-history)\.ts`,
    String.raw`/src/hooks/use-is-logged-in\.ts`,
    String.raw`/domain/money\.ts`,
    String.raw`/src/features/products/components/products\.css`,
    String.raw`/src/features/notices/components/notices\.css`,
  ].join("|"),
);

/** Modules every protocol page shares, none of the shop's pages; see `codeSplitting`. */
const PROTOCOL_COMMON = new RegExp(
  [
    String.raw`/src/lib/protocol/(time|token-amount|public-figures|addresses)\.ts`,
    String.raw`/src/components/protocol/figure-list\.`,
    String.raw`/src/lib/i18n/use-render-language\.ts`,
  ].join("|"),
);

const outDir = process.env.WEB_OUT_DIR ?? "dist";

/** Rolldown's runtime chunk, which the entry imports (see modulePreload below). */
const RUNTIME_CHUNK = /(^|\/)rolldown-runtime-[\w-]+\.js$/;

/**
 * `vite build` builds the web app; `vite build --ssr` the web server's first-screen renderer
 * (src/boot/first-screen.tsx, ADR-0190, "First screen from the server") beside it, with
 * the same modules and texts but none of the browser build's HTML, files or service worker.
 */
export default defineConfig(({ isSsrBuild = false }) => ({
  plugins: [
    react(),
    envModule(),
    localeCatalogues(),
    deploymentsModule(),
    ...(isSsrBuild
      ? []
      : [withoutDeploylessCallBytecode(), compileHints(), inlineEntryCss(), firstLoad(), precompressAssets(), serviceWorker()]),
  ],
  publicDir: isSsrBuild ? false : "public",
  // Self-contained: the web server may run it from any folder (the tests build into a temporary one).
  ssr: { noExternal: true, target: "webworker" },
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "src") },
      { find: "@domain", replacement: path.resolve(import.meta.dirname, "domain") },
      { find: "@generated", replacement: path.resolve(import.meta.dirname, "generated") },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(import.meta.dirname, "src/lib/use-sync-external-store.ts"),
      },
    ],
  },
  server: { host: process.env.WEB_HOST ?? "127.0.0.1", port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  build: isSsrBuild
    ? {
        outDir: firstScreenDir(outDir),
        emptyOutDir: true,
        // One process loads it once, from disk: chunk sizes are the browser's concern, not its.
        chunkSizeWarningLimit: 8192,
        target: "node20",
        sourcemap: false,
        rolldownOptions: {
          input: FIRST_SCREEN_ENTRY,
          output: { codeSplitting: true, entryFileNames: "[name].mjs", chunkFileNames: "chunks/[name]-[hash].mjs" },
        },
      }
    : {
        outDir,
        target: "es2022",
        sourcemap: false,
        // Browsers without <link rel=modulepreload> (Safari before 17) still load every chunk, only
        // without the head start; the polyfill cost every page half a kilobyte.
        modulePreload: {
          polyfill: false,
          // What a lazy import preloads beside the chunk it imports: not that chunk (the import
          // itself fetches it at once) nor the runtime (the entry has brought it). Listing them cost
          // the entry ~20 bytes gzip per lazy import (its 25 text chunks and 45 pages).
          resolveDependencies: (filename, deps, { hostType }) =>
            hostType === "js" ? deps.filter((dep) => dep !== filename && !RUNTIME_CHUNK.test(dep)) : deps,
        },
        rolldownOptions: {
          output: {
            // Seven characters of content hash instead of eight: the entry names every lazy chunk
            // (its imports and the preload table, about 250 names), and a hash does not compress, so
            // each character cost the landing pages ~0.2 KB gzip (ADR-0217). Rolldown refuses a size
            // too short for the number of chunks, with a message naming the size it needs.
            entryFileNames: "assets/[name]-[hash:7].js",
            chunkFileNames: "assets/[name]-[hash:7].js",
            assetFileNames: "assets/[name]-[hash:7][extname]",
            codeSplitting: {
              groups: [
                // Everything the entry needs from the start goes into the entry chunk: one download
                // compresses better than the dozen small shared chunks the automatic split made of it
                // (3 KB gzip less on each shop route, and fewer requests).
                { name: "app", tags: ["$initial"] },
                // The small parts the shop's landing pages share, with their styles: one chunk and one
                // stylesheet instead of eight and five, each a round trip on a phone's network.
                { name: "shop-ui", test: SHOP_UI },
                // The protocol pages' small common parts (figures, amounts, times, addresses): one chunk
                // instead of six of a few hundred bytes each, which cost the dashboard ~0.5 KB gzip.
                { name: "protocol-common", test: PROTOCOL_COMMON },
              ],
            },
          },
        },
      },
}));
