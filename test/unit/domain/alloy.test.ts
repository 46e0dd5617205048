import { describe, expect, it } from "vitest";
import { ALLOY_MATERIALS, alloyGrant, alloyMaterialName, isAlloyMaterial } from "../../../domain/alloy";

describe("alloy", () => {
  it("names the five materials", () => {
    expect(ALLOY_MATERIALS.map(alloyMaterialName)).toEqual([
      "合金原料1号",
      "合金原料2号",
      "合金原料3号",
      "合金原料4号",
      "合金原料5号",
    ]);
    expect([0, 1, 5, 6, 1.5].map(isAlloyMaterial)).toEqual([false, true, true, false, false]);
  });

  it("grants what is asked while the pool lasts, then what remains, then nothing", () => {
    expect(alloyGrant(3n, 10n)).toBe(3n);
    expect(alloyGrant(3n, 2n)).toBe(2n);
    expect(alloyGrant(3n, 0n)).toBe(0n);
    expect(alloyGrant(0n, 10n)).toBe(0n);
  });
});
