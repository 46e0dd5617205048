import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "8787";
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${apiPort}`;
// The web app calls the API on its own origin; the dev and preview servers forward /base/api.
const proxy = { "/base/api": { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      "@": path.resolve(__dirname, "src"),
      "@domain": path.resolve(__dirname, "domain"),
    },
  },
  server: { host: process.env.WEB_HOST ?? "127.0.0.1", port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  preview: { host: process.env.WEB_HOST ?? "127.0.0.1", port: Number(process.env.WEB_PORT ?? 5173), strictPort: true, proxy },
  build: { outDir: process.env.WEB_OUT_DIR ?? "dist", target: "es2022", sourcemap: false },
});
