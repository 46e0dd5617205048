import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redeemQuote } from "@/features/win/utils/redeem";

describe("WIN redemption quote", () => {
  it("pays the holder's share of the vault, rounded down", () => {
    expect(redeemQuote(10n, 1100n, 1000n)).toBe(11n);
    expect(redeemQuote(1n, 1n, 3n)).toBe(0n);
    expect(redeemQuote(5n, 100n, 0n)).toBe(0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (supply, vault, part) => {
          const win = part % supply;
          // Nobody gets more than their share, and all holders together never more than the vault.
          expect(redeemQuote(win, vault, supply) * supply).toBeLessThanOrEqual(win * vault);
          expect(redeemQuote(win, vault, supply) + redeemQuote(supply - win, vault, supply)).toBeLessThanOrEqual(vault);
        },
      ),
    );
  });
});
