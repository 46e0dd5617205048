import path from "node:path";
import { build, type Rollup } from "vite";

/**
 * Builds one entry of the app's sources into a single classic script (an IIFE, no imports), with
 * the app's aliases and `define`d values written in, and returns its code: for what must run
 * outside the module graph (the service worker, index.html's inline first requests). Minified,
 * production mode, nothing written to disk.
 */
export async function buildClassicScript(opts: {
  root: string;
  alias: unknown;
  entry: string;
  define: Record<string, unknown>;
}): Promise<string> {
  const output = await build({
    configFile: false,
    envDir: false,
    root: opts.root,
    mode: "production",
    logLevel: "warn",
    publicDir: false,
    resolve: { alias: opts.alias as Record<string, string> },
    define: {
      ...Object.fromEntries(Object.entries(opts.define).map(([name, value]) => [name, JSON.stringify(value)])),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    build: {
      write: false,
      copyPublicDir: false,
      emptyOutDir: false,
      modulePreload: false,
      target: "es2020",
      rolldownOptions: { input: path.resolve(opts.root, opts.entry), output: { format: "iife" } },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs
    .flatMap((o) => ("output" in o ? o.output : []))
    .find((c): c is Rollup.OutputChunk => c.type === "chunk" && c.isEntry);
  if (!chunk) throw new Error(`the build of ${opts.entry} produced no script`);
  return chunk.code;
}
