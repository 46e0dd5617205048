import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * What a protocol page loads with it is what its route module reaches through static value imports
 * (type-only imports vanish, dynamic ones load later). These checks follow that graph and fail when
 * a page regrows one of the pieces ADR-0179 ("Protocol routes' weight") took out of it;
 * bench/protocol-weight.ts measures the built pages themselves.
 */

const ROOT = path.resolve(__dirname, "../../..");
const ALIASES: Record<string, string> = { "@/": "src/", "@domain/": "domain/", "@generated/": "generated/" };

interface ValueImport {
  spec: string;
  names: string[];
}

/** The static value imports (and re-exports) of one file, with the names they bind. */
function valueImports(file: string): ValueImport[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, false);
  const out: ValueImport[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const names: string[] = [];
      if (clause?.name) names.push("default");
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) if (!el.isTypeOnly) names.push((el.propertyName ?? el.name).text);
      if (bindings && ts.isNamespaceImport(bindings)) names.push("*");
      // `import type`-only named lists bind nothing at run time; a bare import still runs the module.
      if (clause && names.length === 0) continue;
      out.push({ spec: node.moduleSpecifier.text, names });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      !node.isTypeOnly
    ) {
      out.push({ spec: node.moduleSpecifier.text, names: ["*"] });
    }
  }
  return out;
}

function resolveProjectFile(from: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  for (const [alias, target] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = target + spec.slice(alias.length);
  if (base === null) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts"]) {
    const candidate = base + ext;
    if (/\.tsx?$/.test(candidate) && fs.existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return null;
}

/** Every project file and package import a set of entry files reaches statically. */
function staticReach(entries: string[]) {
  const files = new Set<string>();
  const packages: (ValueImport & { from: string })[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imp of valueImports(file)) {
      if (/\.(css|json)$/.test(imp.spec) || imp.spec.startsWith("virtual:")) continue;
      const target = resolveProjectFile(file, imp.spec);
      if (target) visit(target);
      else if (!imp.spec.startsWith(".") && !Object.keys(ALIASES).some((a) => imp.spec.startsWith(a)))
        packages.push({ ...imp, from: file });
      else throw new Error(`${file}: cannot resolve ${imp.spec}`);
    }
  };
  entries.forEach(visit);
  return { files, packages };
}

const ROUTES = "src/app/routes";
const LAYOUT = `${ROUTES}/protocol-layout.tsx`;
const WALLET_LAYOUT = `${ROUTES}/protocol-wallet-layout.tsx`;
const routeFiles = fs.readdirSync(path.join(ROOT, ROUTES));
/** The first cards the protocol pages paint from the server's figures before the wallet code (app/protocol-figures-preview.tsx). */
const previews = routeFiles.filter((f) => /^protocol-.*-preview\.tsx$/.test(f)).map((f) => `${ROUTES}/${f}`);
const walletRoutes = routeFiles
  .filter(
    (f) =>
      /^protocol-.*\.tsx$/.test(f) &&
      !/-preview\.tsx$/.test(f) &&
      !["protocol-layout.tsx", "protocol-wallet-layout.tsx", "protocol-dashboard.tsx"].includes(f),
  )
  .map((f) => `${ROUTES}/${f}`);

const isPackage = (prefixes: string[]) => (spec: string) => prefixes.some((p) => spec === p || spec.startsWith(`${p}/`));

describe("the protocol pages' weight stays out", () => {
  it("the web entry is an ES module by its syntax: without an export, package.json's commonjs type makes it CommonJS", () => {
    // Bundled as CommonJS, every module the entry reaches is wrapped for lazy start-up, and a wrapped
    // barrel (viem's, wagmi's) keeps every export: 90 KB gzip more on each protocol page.
    expect(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).type).toBe("commonjs");
    const main = ts.createSourceFile(
      "main.tsx",
      fs.readFileSync(path.join(ROOT, "src/main.tsx"), "utf8"),
      ts.ScriptTarget.Latest,
    );
    expect(main.statements.some((s) => ts.isExportDeclaration(s) || ts.isExportAssignment(s))).toBe(true);
  });

  it("knows the pages: every wallet route is checked", () => {
    expect(walletRoutes).toContain(`${ROUTES}/protocol-stake.tsx`);
    expect(walletRoutes).toContain(`${ROUTES}/protocol-lottery.tsx`);
    expect(walletRoutes.length).toBeGreaterThanOrEqual(12);
  });

  it("the protocol layout carries no page's preview card: each is a chunk of its own, loaded with its page", () => {
    const { files } = staticReach([LAYOUT]);
    expect([...files].filter((f) => previews.includes(f) || /^src\/features\/.*-preview\.tsx$/.test(f))).toEqual([]);
  });

  it("the dashboard reaches no wallet code: no wagmi, viem, RainbowKit nor src/lib/wallet", () => {
    const { files, packages } = staticReach([LAYOUT, `${ROUTES}/protocol-dashboard.tsx`]);
    const wallet = isPackage(["wagmi", "viem", "@wagmi/core", "@wagmi/connectors", "@rainbow-me/rainbowkit"]);
    expect(packages.filter((p) => wallet(p.spec)).map((p) => `${p.from} → ${p.spec}`)).toEqual([]);
    expect([...files].filter((f) => f.startsWith("src/lib/wallet/"))).toEqual([]);
  });

  it("the dashboard leaves its charts' card (controls, history, chart) for when it comes near the viewport (ADR-0220)", () => {
    const { files } = staticReach([LAYOUT, `${ROUTES}/protocol-dashboard.tsx`]);
    expect(files).toContain("src/features/dashboard/components/deferred-charts.tsx");
    expect(
      [...files].filter((f) => /dashboard\/(components\/(dashboard-charts|snapshot-chart)|api\/get-snapshots)/.test(f)),
    ).toEqual([]);
  });

  it("the lottery leaves its tabs' content (history, entries, transfers, rewards) for when the tabs come near or one is picked (ADR-0220)", () => {
    const { files } = staticReach([LAYOUT, WALLET_LAYOUT, `${ROUTES}/protocol-lottery.tsx`]);
    expect(files).toContain("src/features/lottery/components/lottery-tabs.tsx");
    const panels =
      /lottery\/(components\/(lottery-panel|history-list|my-entries|game-transfer|rewards-list|round-detail)|hooks\/(use-history|use-player-events))\./;
    expect([...files].filter((f) => panels.test(f))).toEqual([]);
  });

  it("the protocol layout and the previews its fallback paints stake, bond and lottery with reach no wallet code nor ABI", () => {
    expect(previews).toEqual([
      `${ROUTES}/protocol-bond-preview.tsx`,
      `${ROUTES}/protocol-lottery-preview.tsx`,
      `${ROUTES}/protocol-stake-preview.tsx`,
    ]);
    const { files, packages } = staticReach([LAYOUT, ...previews]);
    const wallet = isPackage(["wagmi", "viem", "@wagmi/core", "@wagmi/connectors", "@rainbow-me/rainbowkit"]);
    expect(files).toContain("src/app/protocol-figures-preview.tsx");
    expect(packages.filter((p) => wallet(p.spec)).map((p) => `${p.from} → ${p.spec}`)).toEqual([]);
    expect([...files].filter((f) => f.startsWith("src/lib/wallet/") || f.startsWith("generated/"))).toEqual([]);
  });

  describe.each(walletRoutes)("%s", (route) => {
    const { files, packages } = staticReach([LAYOUT, WALLET_LAYOUT, route]);
    const named = (spec: RegExp, name: string) =>
      packages.filter((p) => spec.test(p.spec) && (p.names.includes(name) || p.names.includes("*"))).map((p) => p.from);

    it("loads neither RainbowKit's list nor the wallets' SDK connectors (they come with the list)", () => {
      const list = isPackage(["@rainbow-me/rainbowkit", "wagmi/connectors", "@wagmi/connectors"]);
      expect(packages.filter((p) => list(p.spec)).map((p) => `${p.from} → ${p.spec}`)).toEqual([]);
      expect([...files].filter((f) => f === "src/lib/wallet/wallet-list.ts" || f === "src/lib/wallet/rainbow-modal.tsx")).toEqual(
        [],
      );
    });

    it("imports each contract's own ABI and hooks modules, never the whole-build files", () => {
      expect([...files].filter((f) => f === "generated/abis.ts" || f === "generated/contracts.ts")).toEqual([]);
    });

    it("leaves the VRF coordinator's ABI for the first draw proof asked for (ADR-0217)", () => {
      expect([...files].filter((f) => f === "generated/abi/vrf-coordinator-v2-5-mock.ts")).toEqual([]);
    });

    it("leaves the transaction code for the first send", () => {
      expect([...files].filter((f) => f === "src/lib/wallet/chain-writes.ts")).toEqual([]);
      expect(named(/^wagmi(\/actions)?$/, "writeContract")).toEqual([]);
      expect(named(/^wagmi$/, "useWriteContract")).toEqual([]);
      expect(named(/^wagmi\/codegen$/, "createUseWriteContract")).toEqual([]);
    });

    it("reads through the plain client: no client with every public action", () => {
      expect(named(/^wagmi$/, "usePublicClient")).toEqual([]);
      expect(named(/^wagmi\/actions$/, "getPublicClient")).toEqual([]);
      expect(named(/^viem$/, "createPublicClient")).toEqual([]);
    });
  });
});
