import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hre } from "./support/fixture";

/** Our Solidity sources (test-only contracts included). */
function sources(dir = path.join(hre.config.paths.root, "contracts")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sources(full) : e.name.endsWith(".sol") ? [full] : [];
  });
}

describe("contract sources", () => {
  it("are small modules: no source file over 300 lines", () => {
    const long = sources()
      .map((f) => ({ file: path.relative(hre.config.paths.root, f), lines: fs.readFileSync(f, "utf8").split("\n").length - 1 }))
      .filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });

  it("have one permission style: AccessControl roles, no Ownable, no owner-only function of ours", () => {
    // LotteryRandomness inherits Chainlink's ConfirmedOwner with its base, but owns itself once
    // sealed (game/LotteryRandomness.test.ts): nothing of ours is owner-only.
    const owned = sources()
      .filter((f) => /\bOwnable\b|\bonlyOwner\b/.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.basename(f));
    expect(owned).toEqual([]);
  });
});
