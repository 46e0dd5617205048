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
    const prefixes = ["Game", "LotteryRandomness", "SPex", "Dao", "Front", "Ido", "VaultToken", "Treasury", "EthUsdPriceFeed", "UniswapV2TwapOracle"];
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
});
