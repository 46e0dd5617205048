import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The files of server/db/migrations (ADR-0192). A database keeps the name of every migration it
 * ran, and Kysely runs the others in name order (`allowUnorderedMigrations`, ADR-0016), so:
 * - the migrations up to 0010 stay as they are, under the names below: areas shared numbers
 *   then, and some import helpers or live code; they already ran and are left alone;
 * - every later migration has a number of its own, above every other, so the order in which
 *   migrations run is the order of their numbers;
 * - and imports nothing but `kysely` and `node:` built-ins: code elsewhere changes, and a
 *   migration must keep doing what it did when it ran (a helper it needs is copied into it).
 */
const ROOT = path.resolve(__dirname, "../../..");
const MIGRATIONS = "server/db/migrations";

/** The files that were there when the rule came (issue 26); literal, so nothing joins it unnoticed. */
const FROZEN = [
  "0001_init.ts",
  "0002_accounts_shop_assets.ts",
  "0003_accounts_codes_applications.ts",
  "0003_assets_payouts.ts",
  "0003_shop_rewards_alloy.ts",
  "0004_protocol_snapshots.ts",
  "0005_fund_password_attempts.ts",
  "0006_protocol_snapshot_extras.ts",
  "0007_chain_invites.ts",
  "0007_chain_reorg.ts",
  "0007_login_nonce_issued_at.ts",
  "0007_rate_limits.ts",
  "0007_upload_purpose.ts",
  "0007_verified_phones.ts",
  "0008_job_leases.ts",
  "0008_place_order.ts",
  "0009_operators.ts",
  "0009_stock_slices.ts",
  "0010_job_gas_days.ts",
  "auto-id.ts",
  "sliced-place-order.ts",
] as const;
/** The highest number among the frozen migrations: every new one is above it. */
const FROZEN_UP_TO = 10;
const FROZEN_UP_TO_NAME = String(FROZEN_UP_TO).padStart(4, "0");

const MIGRATION_NAME = /^(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*\.ts$/;

/** Every module a file names: imports (type-only included), re-exports, import() and require(). */
function importsOf(file: string, source: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expr = node.moduleReference.expression;
      if (ts.isStringLiteral(expr)) out.push(expr.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const named = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require");
      const arg = node.arguments[0];
      if (named) out.push(arg && ts.isStringLiteralLike(arg) ? arg.text : "(a computed module name)");
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return out;
}

const allowedImport = (spec: string) => spec === "kysely" || spec.startsWith("kysely/") || spec.startsWith("node:");

/** What breaks the rules, given the folder's files (name → source). */
function migrationProblems(files: Map<string, string>): string[] {
  const problems: string[] = [];
  const frozen = new Set<string>(FROZEN);
  for (const name of FROZEN) if (!files.has(name)) problems.push(`${name}: a migration that ran is gone or renamed`);
  const numbers = new Map<number, string[]>();
  for (const name of files.keys()) {
    const match = MIGRATION_NAME.exec(name);
    if (match) numbers.set(Number(match[1]), [...(numbers.get(Number(match[1])) ?? []), name]);
  }
  for (const [name, source] of files) {
    if (frozen.has(name)) continue;
    const match = MIGRATION_NAME.exec(name);
    if (!match) {
      problems.push(`${name}: not a migration (NNNN_snake_case.ts); a helper belongs inside the migration that needs it`);
      continue;
    }
    const number = Number(match[1]);
    if (number <= FROZEN_UP_TO)
      problems.push(`${name}: number ${match[1]} is not above ${FROZEN_UP_TO_NAME}; take the next free one`);
    const twins = (numbers.get(number) ?? []).filter((other) => other !== name);
    if (twins.length > 0) problems.push(`${name}: number ${match[1]} is also ${twins.join(", ")}; take the next free one`);
    for (const spec of importsOf(name, source)) {
      if (!allowedImport(spec)) problems.push(`${name}: imports ${spec}; a migration imports only kysely and node: built-ins`);
    }
  }
  return problems;
}

describe(`${MIGRATIONS}`, () => {
  const files = new Map(
    fs
      .readdirSync(path.join(ROOT, MIGRATIONS))
      .map((name) => [name, fs.readFileSync(path.join(ROOT, MIGRATIONS, name), "utf8")] as const),
  );

  it("holds the frozen migrations as they were, and new ones with a number of their own importing only kysely and node:", () => {
    expect(migrationProblems(files)).toEqual([]);
  });

  it("the frozen list is what was there: every entry at or below the number it stops at", () => {
    expect(FROZEN).toHaveLength(21);
    for (const name of FROZEN) {
      const match = MIGRATION_NAME.exec(name);
      if (match) expect(Number(match[1]), name).toBeLessThanOrEqual(FROZEN_UP_TO);
    }
  });

  it("every migration is registered in server/db/migrate.ts under its file name", () => {
    const migrate = fs.readFileSync(path.join(ROOT, "server/db/migrate.ts"), "utf8");
    const unregistered = [...files.keys()]
      .filter((name) => MIGRATION_NAME.test(name))
      .map((name) => name.replace(/\.ts$/, ""))
      .filter((stem) => !migrate.includes(`"${stem}":`) || !migrate.includes(`"./migrations/${stem}"`));
    expect(unregistered).toEqual([]);
  });

  it("the checks catch what they are for", () => {
    const withFrozen = (extra: Record<string, string>) =>
      new Map([...FROZEN.map((name) => [name, files.get(name) ?? ""] as const), ...Object.entries(extra)]);
    const clean = 'import { sql, type Kysely } from "kysely";\nimport { createHash } from "node:crypto";\n';
    expect(migrationProblems(withFrozen({ "0011_clean.ts": clean, "0012_next.ts": clean }))).toEqual([]);
    expect(
      migrationProblems(
        withFrozen({
          "0009_late.ts": clean,
          "0011_a.ts": 'import { autoId } from "./auto-id";\nimport type { Db } from "../database";\n',
          "0011_b.ts": 'export { x } from "../../../domain/stock-slices";\nconst y = await import("zod");\n',
          "helper.ts": "",
        }),
      ),
    ).toEqual([
      "0009_late.ts: number 0009 is not above 0010; take the next free one",
      "0009_late.ts: number 0009 is also 0009_operators.ts, 0009_stock_slices.ts; take the next free one",
      "0011_a.ts: number 0011 is also 0011_b.ts; take the next free one",
      "0011_a.ts: imports ./auto-id; a migration imports only kysely and node: built-ins",
      "0011_a.ts: imports ../database; a migration imports only kysely and node: built-ins",
      "0011_b.ts: number 0011 is also 0011_a.ts; take the next free one",
      "0011_b.ts: imports ../../../domain/stock-slices; a migration imports only kysely and node: built-ins",
      "0011_b.ts: imports zod; a migration imports only kysely and node: built-ins",
      "helper.ts: not a migration (NNNN_snake_case.ts); a helper belongs inside the migration that needs it",
    ]);
    const gone = withFrozen({});
    gone.delete("0007_chain_reorg.ts");
    expect(migrationProblems(gone)).toEqual(["0007_chain_reorg.ts: a migration that ran is gone or renamed"]);
  });
});
