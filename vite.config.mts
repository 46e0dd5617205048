import path from "node:path";
import react from "@vitejs/plugin-react";
import fs from "node:fs";
import { defineConfig, type Plugin } from "vite";

const apiPort = process.env.API_PORT ?? "8787";
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${apiPort}`;
// The web app calls the API on its own origin; the dev and preview servers forward /base/api.
const proxy = { "/base/api": { target: apiTarget, changeOrigin: false } };

/** `virtual:deployments`: the addresses file written by scripts/deploy.ts, inlined at build time. */
function deploymentsModule(): Plugin {
  const file = process.env.VITE_DEPLOYMENTS_FILE ?? process.env.DEPLOYMENTS_FILE ?? path.join(".data", "deployments.json");
  const id = "virtual:deployments";
  return {
    name: "deployments",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loadId) {
      if (loadId !== `\0${id}`) return undefined;
      if (fs.existsSync(file)) this.addWatchFile(file);
      return `export default ${fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "null"};`;
    },
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

export default defineConfig({
  plugins: [react(), deploymentsModule(), inlineEntryCss()],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      "@domain": path.resolve(import.meta.dirname, "domain"),
    },
  },
  server: { host: process.env.WEB_HOST ?? "127.0.0.1", port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  preview: { host: process.env.WEB_HOST ?? "127.0.0.1", port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  build: { outDir: process.env.WEB_OUT_DIR ?? "dist", target: "es2022", sourcemap: false },
});
