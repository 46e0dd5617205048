import { zeroAddress } from "viem";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEvmAddress, normalizeEvmAddress } from "../../../domain/evm-address";

describe("EVM address", () => {
  it("accepts 0x + 40 hex digits in any case", () => {
    expect(isEvmAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe(true);
    expect(isEvmAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8")).toBe(true);
    expect(isEvmAddress("0X70997970C51812DC3A010C7D01B50E0D17DC79C8")).toBe(false);
  });

  it("refuses the zero address, wrong lengths and non-hex", () => {
    for (const bad of [
      zeroAddress,
      "0x1234",
      "70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79CG",
      "TXYZ",
      "",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8 ",
    ])
      expect(isEvmAddress(bad)).toBe(false);
  });

  it("normalises to lowercase and refuses what it does not accept", () => {
    expect(normalizeEvmAddress("0xAbCdEf0123456789abcdef0123456789ABCDEF01")).toBe("0xabcdef0123456789abcdef0123456789abcdef01");
    expect(() => normalizeEvmAddress("0x00")).toThrow(RangeError);
  });

  it("accepts every non-zero 20-byte value", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const hex = `0x${Buffer.from(bytes).toString("hex")}`;
        expect(isEvmAddress(hex)).toBe(bytes.some((b) => b !== 0));
      }),
    );
  });
});
