import { describe, expect, it } from "vitest";
import { spreadOverSlices, STOCK_SLICES } from "../../../domain/stock-slices";

describe("spreadOverSlices", () => {
  it("keeps every piece and gives no slice more than one more than another", () => {
    for (const total of [0n, 1n, 7n, 8n, 9n, 1234n, 1_000_000_000n]) {
      const slices = spreadOverSlices(total);
      expect(slices).toHaveLength(STOCK_SLICES);
      expect(slices.reduce((a, b) => a + b, 0n)).toBe(total);
      const max = slices.reduce((a, b) => (a > b ? a : b));
      const min = slices.reduce((a, b) => (a < b ? a : b));
      expect(max - min <= 1n).toBe(true);
    }
    expect(spreadOverSlices(11n)).toEqual([2n, 2n, 2n, 1n, 1n, 1n, 1n, 1n]);
  });

  it("refuses a negative stock", () => {
    expect(() => spreadOverSlices(-1n)).toThrow(RangeError);
  });
});
