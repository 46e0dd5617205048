import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRechargeReference, referenceFromBytes, referenceFromRandom } from "../../../domain/random-reference";

describe("recharge reference", () => {
  it("is exactly 13 digits", () => {
    expect(isRechargeReference("1234567890123")).toBe(true);
    for (const bad of ["123456789012", "12345678901234", "123456789012a", " 1234567890123", ""])
      expect(isRechargeReference(bad)).toBe(false);
  });

  it("maps a contract random back to its reference, restoring leading zeros", () => {
    expect(referenceFromRandom(1234567890123n)).toBe("1234567890123");
    expect(referenceFromRandom(42n)).toBe("0000000000042");
    expect(referenceFromRandom(10n ** 13n)).toBeNull();
    expect(referenceFromRandom(-1n)).toBeNull();
  });

  it("makes references that survive the round trip through uint256", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 13, maxLength: 13 }), (bytes) => {
        const ref = referenceFromBytes(bytes);
        expect(isRechargeReference(ref)).toBe(true);
        expect(ref[0]).not.toBe("0");
        expect(referenceFromRandom(BigInt(ref))).toBe(ref);
      }),
    );
    expect(() => referenceFromBytes(new Uint8Array(5))).toThrow();
  });
});
