import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SIGNER_ROLES } from "../../server/lib/signers/signer-roles";

/**
 * docs/operations.md tells an operator which variables to set, which commands to run and which
 * files to read: each must exist, or the runbook sends someone after a name the code never reads.
 * Names outside the tree that the runbook cites are listed here, each with where it comes from.
 */
const ROOT = path.resolve(__dirname, "../..");
const DOC = "docs/operations.md";

/** The places that read the environment and define the names the runbook uses (the test app's `TEST_DATABASE_URL`). */
const CODE = ["server", "web-server", "scripts", "domain", "contracts", "src/config", "ops", "test/server/support"];
const CODE_FILES = ["hardhat.config.ts", "vite.config.mts", "package.json"];

/** Names the runbook quotes from other projects' sources, not our code. */
const EXTERNAL = new Set([
  "USDT_BSC", // PancakeSwap's token list, cited as the source of BSC's USDT address
  "DEFAULT_ADMIN_ROLE", // OpenZeppelin's AccessControl
]);

function filesUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .flatMap((entry) =>
      entry.isFile() && /\.(ts|tsx|mts|sol|yml|json)$/.test(entry.name) ? [path.join(entry.parentPath, entry.name)] : [],
    );
}

const code = [...CODE.flatMap(filesUnder), ...CODE_FILES.map((f) => path.join(ROOT, f))]
  .map((file) => fs.readFileSync(file, "utf8"))
  .join("\n");
const doc = fs.readFileSync(path.join(ROOT, DOC), "utf8");
/** What the runbook quotes: `inline code` and fenced blocks. */
const quoted = [...doc.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2] ?? "");

/** Every server key's variables are built from its prefix (server/lib/signers/signer-roles.ts). */
const signerVariables = new Set(
  Object.values(SIGNER_ROLES).flatMap(({ prefix }) =>
    ["PRIVATE_KEY", "KEYSTORE", "PASSWORD_FILE", "SIGNER_URL", "ADDRESS"].map((suffix) => `${prefix}_${suffix}`),
  ),
);

describe(DOC, () => {
  it("names only variables and constants the code has", () => {
    const names = new Set(quoted.flatMap((q) => q.match(/(?<![\w])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w])/g) ?? []));
    expect(names.size).toBeGreaterThan(100);
    const unknown = [...names].filter((n) => !EXTERNAL.has(n) && !signerVariables.has(n) && !code.includes(n));
    expect(unknown).toEqual([]);
  });

  it("runs only npm scripts that package.json defines", () => {
    const scripts = Object.keys(
      (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: object }).scripts,
    );
    const used = [...new Set([...doc.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!))];
    expect(used.length).toBeGreaterThan(3);
    expect(used.filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it("points at files that exist", () => {
    const files = quoted.filter((q) => /^(server|scripts|web-server|src|domain|test|ops|docs|contracts)\/[\w./-]+\.\w+$/.test(q));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !fs.existsSync(path.join(ROOT, f)))).toEqual([]);
  });

  it("deploys only to networks hardhat.config.ts declares", () => {
    const networks = [...doc.matchAll(/--network (\w+)/g)].map((m) => m[1]!);
    expect(networks.length).toBeGreaterThan(3);
    expect(networks.filter((network) => !code.includes(`${network}: {`))).toEqual([]);
  });
});
