import { describe, expect, it } from "vitest";
import { privateKeyToAccount } from "viem/accounts";
import { recoverTypedDataAddress, zeroAddress } from "viem";
import { feeCeiling, permitDeadline, permitTypedData, PERMIT_LIFETIME_SECONDS } from "@domain/permit";
import { permitSignatureParts } from "@domain/permit-signature";

const account = privateKeyToAccount(`0x${"11".repeat(32)}`);
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

describe("ERC-2612 permits (domain/permit.ts)", () => {
  it("builds the Permit typed data the token verifies: the signer is recovered from it", async () => {
    const typed = permitTypedData(
      { name: "PEX", version: "1", chainId: 31337n, verifyingContract: token },
      { owner: account.address, spender: zeroAddress, value: 5n, nonce: 0n, deadline: 100n },
    );
    expect(typed.domain.chainId).toBe(31337);
    const signature = await account.signTypedData(typed);
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(account.address);
    const { v, r, s } = permitSignatureParts(signature);
    expect([27, 28]).toContain(v);
    expect(`${r}${s.slice(2)}${v.toString(16)}`).toBe(signature);
  });

  it("gives a permit twenty minutes from the chain's clock", () => {
    expect(permitDeadline(1_000n)).toBe(1_000n + PERMIT_LIFETIME_SECONDS);
    expect(PERMIT_LIFETIME_SECONDS).toBe(1_200n);
  });

  it("lets an acceleration fee rise by 1 % (rounded up) between quote and block, never less", () => {
    expect(feeCeiling(10_000n)).toBe(10_100n);
    expect(feeCeiling(1n)).toBe(2n);
    expect(feeCeiling(0n)).toBe(0n);
    expect(feeCeiling(12_345n)).toBe(12_469n);
  });
});
