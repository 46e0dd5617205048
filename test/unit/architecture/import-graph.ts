import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The project's source folders whose imports the architecture tests follow. */
export const SOURCE_ROOTS = ["server", "domain", "src", "scripts", "web-server", "generated", "bench"];
const ALIASES: Record<string, string> = { "@/": "src/", "@domain/": "domain/", "@generated/": "generated/" };
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

export function sourceFiles(root: string, dir: string, test: (file: string) => boolean): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(root, rel, test);
    return test(rel) ? [rel] : [];
  });
}

/** The project file an import specifier names, or null for a package (or a virtual module). */
function resolve(root: string, from: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const [alias, target] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = target + spec.slice(alias.length);
  if (base === null) return null;
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(path.join(root, base))) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(path.join(root, base + ext))) return base + ext;
  return null;
}

/** Every import, export-from and dynamic import of one file, type-only ones included. */
function specifiers(source: string, file: string): string[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      out.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** file → the project files it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of SOURCE_ROOTS)
    for (const file of sourceFiles(root, dir, (f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(".d.ts"))) {
      const source = fs.readFileSync(path.join(root, file), "utf8");
      graph.set(
        file,
        specifiers(source, file)
          .map((s) => resolve(root, file, s))
          .filter((f): f is string => f !== null),
      );
    }
  return graph;
}

/** The import cycles of the graph, each as the files around it (Tarjan's strongly connected components). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) connect(v);
  return found;
}
