/**
 * What a route of the production build loads before anyone taps anything, read from the build
 * itself: the entry chunk, the route's chunk, the locale catalogues it needs, and every chunk
 * those import statically. The browser measurement (bench/shop-first-load.ts) sees the same
 * files; this one needs no stack and names the modules inside each chunk, so a test can say
 * which source file pulled a forbidden one in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface BuiltChunk {
  file: string;
  /** gzip -9 bytes, as the web server's precompressed copy and bench/web-bundle.ts count them. */
  gzip: number;
  /** Source modules with code in the chunk, relative to the project ("node_modules/…" for packages). */
  modules: string[];
  imports: string[];
  facade: string | null;
  isEntry: boolean;
}

export type ChunkGraph = Map<string, BuiltChunk>;

const ROOT = path.resolve(__dirname, "..");

/** Builds the web app as `vite build` does (nothing written) and returns its chunks. */
export async function buildChunkGraph(): Promise<ChunkGraph> {
  const { build } = await import("vite");
  // The build's last plugin compresses what it wrote; with nothing written it reads an empty folder.
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-closure-"));
  const graph: ChunkGraph = new Map();
  // As `vite build` runs it: a test runner's NODE_ENV=test would bring in React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, "vite.config.mts"),
      logLevel: "silent",
      build: { outDir, write: false, emptyOutDir: false },
      plugins: [
        {
          name: "chunk-graph",
          // After Vite's own plugins: the code as written, its preload lists filled in.
          generateBundle: {
            order: "post",
            handler(_options, bundle) {
              for (const [file, out] of Object.entries(bundle)) {
                if (out.type !== "chunk") continue;
                graph.set(file, {
                  file,
                  gzip: gzipSync(out.code, { level: 9 }).length,
                  modules: Object.entries(out.modules)
                    .filter(([, m]) => m.renderedLength > 0)
                    .map(([id]) => relative(id)),
                  imports: out.imports,
                  facade: out.facadeModuleId ? relative(out.facadeModuleId) : null,
                  isEntry: out.isEntry,
                });
              }
            },
          },
        },
      ],
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return graph;
}

function relative(id: string): string {
  // A query names a part of a file (`locales/en.json?catalogue=shop`); Vite's own markers go.
  const clean = id.replace(/^\0/, "").replace(/[?&](import|commonjs-\w+)\b/, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) return clean.slice(nm);
  return path.isAbsolute(clean) ? path.relative(ROOT, clean).split(path.sep).join("/") : clean;
}

/** The chunk whose facade (the module it was made for) is `source`, e.g. "src/app/routes/home.tsx". */
export function chunkOf(graph: ChunkGraph, source: string): BuiltChunk {
  for (const chunk of graph.values()) if (chunk.facade === source) return chunk;
  throw new Error(`no chunk is made for ${source}`);
}

export interface RouteClosure {
  gzip: number;
  files: BuiltChunk[];
}

/** The entry chunk, the chunks made for `sources` (a route module, catalogues), and all they import statically. */
export function routeClosure(graph: ChunkGraph, sources: readonly string[]): RouteClosure {
  const entry = [...graph.values()].find((c) => c.isEntry);
  if (!entry) throw new Error("the build has no entry chunk");
  const seen = new Map<string, BuiltChunk>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.file)) return;
    seen.set(chunk.file, chunk);
    for (const file of chunk.imports) {
      const next = graph.get(file);
      if (next) visit(next);
    }
  };
  visit(entry);
  for (const source of sources) visit(chunkOf(graph, source));
  const files = [...seen.values()].sort((a, b) => b.gzip - a.gzip);
  return { gzip: files.reduce((n, c) => n + c.gzip, 0), files };
}
