import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureCompiled, hre } from "./support/fixture";

/** Every file under `dir` whose name ends with `suffix`. */
function files(dir: string, suffix: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full, suffix) : e.name.endsWith(suffix) ? [full] : [];
  });
}

describe("custom errors", () => {
  it("every custom error our contracts declare is named <Contract><Problem> and exercised by a test", async () => {
    await ensureCompiled();
    const root = hre.config.paths.root;
    const declared = new Set<string>();
    for (const source of files(path.join(root, "contracts"), ".sol")) {
      for (const match of fs.readFileSync(source, "utf8").matchAll(/^\s*error (\w+)\(/gm)) declared.add(match[1]!);
    }
    const prefixes = ["Game", "LotteryRandomness", "SPex", "Dao", "Front", "Ido", "VaultToken", "Treasury", "EthUsdPriceFeed", "UniswapV2TwapOracle", "RehearsalDex"];
    const tests = files(path.join(root, "test", "contracts"), ".test.ts")
      .filter((f) => !f.endsWith("custom-errors.test.ts"))
      .map((f) => fs.readFileSync(f, "utf8"))
      .join("\n");
    const badlyNamed = [...declared].filter((e) => !prefixes.some((p) => e.startsWith(p)));
    const untested = [...declared].filter((e) => !new RegExp(`revertsWith\\("${e}"\\)`).test(tests));
    expect(badlyNamed).toEqual([]);
    expect(untested).toEqual([]);
    expect(declared.size).toBeGreaterThan(80);
  });

  it("every custom error lives in an I<Name>Errors interface, with NatSpec", () => {
    const root = hre.config.paths.root;
    const misplaced: string[] = [];
    const undocumented: string[] = [];
    for (const source of files(path.join(root, "contracts"), ".sol")) {
      const lines = fs.readFileSync(source, "utf8").split("\n");
      lines.forEach((line, i) => {
        const name = /^\s*error (\w+)\(/.exec(line)?.[1];
        if (!name) return;
        if (!/^I\w+Errors\.sol$/.test(path.basename(source))) misplaced.push(`${name} in ${path.basename(source)}`);
        let doc = "";
        for (let j = i - 1; j >= 0 && /^\s*\/\/\//.test(lines[j]!); j--) doc = lines[j] + doc;
        if (!doc.includes("@notice")) undocumented.push(name);
      });
    }
    expect(misplaced).toEqual([]);
    expect(undocumented).toEqual([]);
  });
});
