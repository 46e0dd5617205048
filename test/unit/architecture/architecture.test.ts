import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph, sourceFiles } from "./import-graph";

const ROOT = path.resolve(__dirname, "../../..");
const graph = importGraph(ROOT);

/** Imports from `from` (a folder prefix) into anything `forbidden` says no to. */
function importsBreaking(from: string, forbidden: (target: string) => boolean): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(from) ? targets.filter(forbidden).map((t) => `${file} → ${t}`) : [],
  );
}

describe("the layers of docs/architecture.md", () => {
  it("has no import cycle anywhere (type-only imports count)", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("server/db is the ground floor: it imports only itself and domain/", () => {
    expect(importsBreaking("server/db/", (t) => !t.startsWith("server/db/") && !t.startsWith("domain/"))).toEqual([]);
  });

  it("domain/ is pure: it imports no server, web app, script or generated code", () => {
    expect(importsBreaking("domain/", (t) => !t.startsWith("domain/"))).toEqual([]);
  });

  it("the server never imports the web app", () => {
    expect(importsBreaking("server/", (t) => t.startsWith("src/"))).toEqual([]);
    expect(importsBreaking("web-server/", (t) => t.startsWith("src/") || t.startsWith("server/modules/"))).toEqual([]);
  });

  it("server/lib imports no module, job or app file (modules build on it, not the reverse)", () => {
    expect(
      importsBreaking(
        "server/lib/",
        (t) => t.startsWith("server/") && !t.startsWith("server/lib/") && !t.startsWith("server/db/") && t !== "server/config.ts",
      ),
    ).toEqual([]);
  });

  it("server/plugins imports no module, job or app file either: only server/lib, server/db and config", () => {
    const below = ["server/plugins/", "server/lib/", "server/db/"];
    expect(
      importsBreaking(
        "server/plugins/",
        (t) => t.startsWith("server/") && !below.some((b) => t.startsWith(b)) && t !== "server/config.ts",
      ),
    ).toEqual([]);
  });

  it("the checks see the whole tree: the graph holds the files and their imports", () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get("server/app.ts")).toContain("server/lib/zod-serialization.ts");
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["a"]],
          ["c", ["c"]],
          ["d", []],
        ]),
      ),
    ).toEqual([["a", "b"], ["c"]]);
  });
});

describe("each API shape once", () => {
  it("no server file casts a request part: the zod type provider types them from the route's schemas", () => {
    const casts = sourceFiles(ROOT, "server", (f) => f.endsWith(".ts")).flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (/request\.(body|query|params|headers)\)?\s+as\s/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(casts).toEqual([]);
  });

  it("no server module shapes a request or reply itself: every body, query, params and reply schema lives in domain/api", () => {
    const own = sourceFiles(ROOT, "server/modules", (f) => f.endsWith(".ts")).flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) => (/\bz\.(strictObject|object|looseObject)\(/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(own).toEqual([]);
  });
});

describe("small files", () => {
  const LIMIT = 300;
  const dirs = ["server", "src", "domain", "scripts", "web-server", "contracts", "bench"];

  it(`no source file outside generated code and tests exceeds ${LIMIT} lines`, () => {
    const long = dirs
      .flatMap((dir) => sourceFiles(ROOT, dir, (f) => /\.(ts|tsx|sol)$/.test(f)))
      .map((file) => ({ file, lines: (fs.readFileSync(path.join(ROOT, file), "utf8").match(/\n/g) ?? []).length }))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}: ${f.lines}`);
    expect(long).toEqual([]);
  });
});
