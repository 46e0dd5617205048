import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The decision records (docs/decisions/README.md): one numbered file per decision, each in the
 * index, each with a status, and every `ADR-NNNN` anywhere in the tree naming one of them.
 */
const ROOT = path.resolve(__dirname, "../..");
const DECISIONS = "docs/decisions";
/** Built from parts so that this file is no citation of its own. */
const OLD_FILE = ["docs", "decisions"].join("/") + ".md";
const CITATION = new RegExp(["\\bADR", "(\\d{4})\\b"].join("-"), "g");

/** Folders that hold no written source: packages, build output, caches, generated code. */
const SKIPPED_DIRS = new Set([
  "node_modules",
  ".git",
  "artifacts",
  "cache",
  "generated",
  "coverage",
  "typechain-types",
  "test-results",
  ".data",
]);
const SKIPPED_FILES = new Set(["package-lock.json"]);
const BINARY = /\.(png|jpe?g|webp|avif|gif|ico|svgz|woff2?|ttf|otf|gz|br|zip|sqlite|db|wasm|pdf)$/i;

function treeFiles(dir = ""): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) || e.name.startsWith("dist") ? [] : treeFiles(rel);
    return e.isFile() && !SKIPPED_FILES.has(e.name) && !BINARY.test(e.name) ? [rel] : [];
  });
}

interface DecisionRecord {
  file: string;
  number: string;
  text: string;
}

const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

function recordFiles(): string[] {
  return fs.readdirSync(path.join(ROOT, DECISIONS)).filter((name) => name !== "README.md");
}

function records(): DecisionRecord[] {
  return recordFiles().flatMap((file) => {
    const match = RECORD_NAME.exec(file);
    return match?.[1] ? [{ file, number: match[1], text: fs.readFileSync(path.join(ROOT, DECISIONS, file), "utf8") }] : [];
  });
}

/** What is wrong with the records themselves (names, numbers, headings, statuses, back links). */
function recordProblems(names: string[], all: DecisionRecord[]): string[] {
  const problems: string[] = [];
  for (const name of names) {
    if (name.startsWith("draft-")) problems.push(`${name}: a draft; give it the next number before it lands`);
    else if (!RECORD_NAME.test(name)) problems.push(`${name}: not named NNNN-slug.md`);
  }
  const numbers = new Map<string, string[]>();
  for (const r of all) numbers.set(r.number, [...(numbers.get(r.number) ?? []), r.file]);
  for (const [number, files] of numbers) if (files.length > 1) problems.push(`${number}: used by ${files.join(", ")}`);
  for (const r of all) {
    const lines = r.text.split("\n");
    if (!new RegExp(`^# ${r.number}\\. \\S`).test(lines[0] ?? ""))
      problems.push(`${r.file}: first line is not "# ${r.number}. Title"`);
    const status = lines.find((l) => l.startsWith("Status:"));
    const superseded = status && /^Status: superseded by (\d{4})\b/.exec(status);
    if (!status || !(status === "Status: accepted" || superseded)) {
      problems.push(`${r.file}: no "Status: accepted" or "Status: superseded by NNNN" line`);
    } else if (superseded) {
      const by = all.find((other) => other.number === superseded[1]);
      if (!by || by === r) problems.push(`${r.file}: superseded by ${superseded[1]}, which is no other record`);
      else if (!new RegExp(`^Supersedes:.*\\b${r.number}\\b`, "m").test(by.text)) {
        problems.push(`${by.file}: supersedes ${r.number} but has no "Supersedes: ${r.number}" line`);
      }
    }
  }
  return problems;
}

/** Records the index does not list, and index rows whose file is gone. */
function indexProblems(index: string, names: string[]): string[] {
  const linked = new Set([...index.matchAll(/\]\(([^)#\s]+\.md)\)/g)].map((m) => m[1] ?? ""));
  return [
    ...names.filter((name) => !linked.has(name)).map((name) => `${name}: not in ${DECISIONS}/README.md`),
    ...[...linked].filter((name) => !names.includes(name)).map((name) => `README.md links ${name}, which does not exist`),
  ];
}

/** `ADR-NNNN` citations that name no record, and mentions of the old single file. */
function citationProblems(files: Map<string, string>, numbers: Set<string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of files) {
    text.split("\n").forEach((line, i) => {
      for (const m of line.matchAll(CITATION))
        if (!numbers.has(m[1] ?? "")) problems.push(`${file}:${i + 1}: ${m[0]} names no record`);
      if (line.includes(OLD_FILE)) problems.push(`${file}:${i + 1}: cites ${OLD_FILE}; cite the record (ADR-NNNN)`);
    });
  }
  return problems;
}

describe("decision records", () => {
  const all = records();
  const numbers = new Set(all.map((r) => r.number));

  it("are numbered files with a heading and a status, each number once, superseded ones pointing at their successor", () => {
    expect(all.length).toBeGreaterThan(100);
    expect(recordProblems(recordFiles(), all)).toEqual([]);
  });

  it("are all in the index, and the index names no missing file", () => {
    const index = fs.readFileSync(path.join(ROOT, DECISIONS, "README.md"), "utf8");
    expect(indexProblems(index, recordFiles())).toEqual([]);
  });

  it("are what every ADR-NNNN in the tree cites, and nothing cites the old single file", () => {
    const files = new Map(
      treeFiles()
        .map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8")] as const)
        .filter(([, text]) => !text.includes("\u0000")),
    );
    expect(files.has("server/app.ts") && files.has(`${DECISIONS}/README.md`)).toBe(true);
    expect(citationProblems(files, numbers)).toEqual([]);
  });

  it("the checks catch what they are for", () => {
    const cite = (n: string) => ["ADR", n].join("-");
    const rec = (file: string, text: string): DecisionRecord => ({ file, number: file.slice(0, 4), text });
    const a = rec("0001-a.md", "# 0001. A\n\nStatus: superseded by 0002\n\nText.\n");
    const b = rec("0002-b.md", "# 0002. B\n\nStatus: accepted\n\nText.\n");
    expect(recordProblems(["0001-a.md", "0002-b.md", "draft-c.md"], [a, b])).toEqual([
      "draft-c.md: a draft; give it the next number before it lands",
      '0002-b.md: supersedes 0001 but has no "Supersedes: 0001" line',
    ]);
    const twin = rec("0002-twin.md", "# 0002. Twin\n\nText without a status.\n");
    const lost = rec("0003-c.md", "# 0003. C\n\nStatus: superseded by 0009\n");
    expect(recordProblems([], [b, twin, lost])).toEqual([
      "0002: used by 0002-b.md, 0002-twin.md",
      '0002-twin.md: no "Status: accepted" or "Status: superseded by NNNN" line',
      "0003-c.md: superseded by 0009, which is no other record",
    ]);
    expect(indexProblems("| [B](0002-b.md) | [Gone](0005-gone.md) |", ["0001-a.md", "0002-b.md"])).toEqual([
      "0001-a.md: not in docs/decisions/README.md",
      "README.md links 0005-gone.md, which does not exist",
    ]);
    const files = new Map([["x.ts", `// (${cite("0001")}) and (${cite("0042")})\n// see ${OLD_FILE}`]]);
    expect(citationProblems(files, new Set(["0001"]))).toEqual([
      `x.ts:1: ${cite("0042")} names no record`,
      `x.ts:2: cites ${OLD_FILE}; cite the record (ADR-NNNN)`,
    ]);
  });
});
