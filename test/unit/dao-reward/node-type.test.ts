import { describe, expect, it } from "vitest";
import { formatGrowthBps, nextLevel, nodeTypeKey } from "@/features/dao-reward/utils/node-type";

const E18 = 10n ** 18n;

describe("DAO node types", () => {
  it("names the five levels and the next threshold", () => {
    expect([0, 1, 2, 3, 4, 9].map(nodeTypeKey)).toEqual([
      "ordinaryUser",
      "valueUser",
      "primaryNode",
      "intermediateNode",
      "seniorNode",
      "ordinaryUser",
    ]);
    const thresholds = [100n * E18, 1000n * E18, 5000n * E18, 20000n * E18];
    expect(nextLevel(0, thresholds)).toEqual({ key: "valueUser", needs: 100n * E18 });
    expect(nextLevel(3, thresholds)).toEqual({ key: "seniorNode", needs: 20000n * E18 });
    expect(nextLevel(4, thresholds)).toBeNull();
  });

  it("formats a signed growth rate", () => {
    expect(formatGrowthBps(1234n)).toBe("+12.34%");
    expect(formatGrowthBps(-5n)).toBe("-0.05%");
    expect(formatGrowthBps(0n)).toBe("0.00%");
  });
});
