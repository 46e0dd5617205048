import { describe, expect, it } from "vitest";
import { joinBlock, requiredSignatures, signBlock } from "@/features/boardroom/utils/boardroom";

describe("requiredSignatures", () => {
  it("is strictly more than two thirds of the directors", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(requiredSignatures)).toEqual([1, 2, 3, 3, 4, 5, 5, 7]);
    for (let n = 1; n <= 30; n++) {
      const r = requiredSignatures(n);
      expect(r * 3 > n * 2).toBe(true);
      expect((r - 1) * 3 > n * 2).toBe(false);
    }
  });
});

describe("joinBlock", () => {
  const threshold = 10_000n * 10n ** 18n;
  const senior = { director: false, nodeType: 4, networkPrincipal: threshold + 1n };
  it("follows the contract's checks in order", () => {
    expect(joinBlock(senior, threshold)).toBeNull();
    expect(joinBlock({ ...senior, director: true }, threshold)).toBe("director");
    expect(joinBlock({ ...senior, nodeType: 3 }, threshold)).toBe("notSenior");
    expect(joinBlock({ ...senior, networkPrincipal: threshold }, threshold)).toBe("belowThreshold");
  });
});

describe("signBlock", () => {
  const active = { status: 1, endTime: 1_000n };
  it("lets a director sign an active proposal once, before its end", () => {
    expect(signBlock(active, 1_000, false, true)).toBeNull();
    expect(signBlock(active, 999, true, true)).toBe("signed");
    expect(signBlock(active, 1_001, false, true)).toBe("expired");
    expect(signBlock({ status: 3, endTime: 1_000n }, 0, false, true)).toBe("expired");
    expect(signBlock({ status: 2, endTime: 1_000n }, 500, false, true)).toBe("executed");
    expect(signBlock(active, 500, false, false)).toBe("notDirector");
  });
});
