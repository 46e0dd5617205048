import { describe, expect, it } from "vitest";
import { parseEther, parseUnits, zeroAddress } from "viem";
import { MINTER_ROLE } from "../../../scripts/protocol/deploy-protocol";
import { eventOf, revertsWith, world } from "../support/fixture";
import { signPermit } from "../support/permit";

describe("PEX and USDB (MintableToken)", () => {
  it("answer the token interface with their initial supply minted to the admin", async () => {
    const w = await world();
    for (const [token, name, supply] of [
      [w.pex, "PEX", w.config.pexSupply],
      [w.usdb, "USDB", w.config.usdbSupply],
    ] as const) {
      expect(await token.read.name()).toBe(name);
      expect(await token.read.symbol()).toBe(name);
      expect(await token.read.decimals()).toBe(18);
      expect(await token.read.initialSupply()).toBe(supply);
      expect(await token.read.totalSupply()).toBeGreaterThanOrEqual(supply - w.config.liquidity.pex);
    }
    expect(await w.usdb.read.totalSupply()).toBe(w.config.usdbSupply);
  });

  it("transfer and approve move balances and emit Transfer and Approval", async () => {
    const w = await world();
    const receipt = await w.send(w.pex.write.transfer([w.alice.account.address, parseEther("5")]));
    const transfer = eventOf(receipt, w.pex, "Transfer");
    expect(transfer.args.value).toBe(parseEther("5"));
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(parseEther("5"));
    const approval = eventOf(await w.send(w.of(w.alice).pex.write.approve([w.bob.account.address, 7n])), w.pex, "Approval");
    expect(approval.args.value).toBe(7n);
    expect(await w.pex.read.allowance([w.alice.account.address, w.bob.account.address])).toBe(7n);
  });

  it("mint only for MINTER_ROLE", async () => {
    const w = await world();
    await expect(w.of(w.alice).pex.write.mint([w.alice.account.address, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await w.send(w.pex.write.grantRole([MINTER_ROLE, w.alice.account.address]));
    const receipt = await w.send(w.of(w.alice).pex.write.mint([w.alice.account.address, 1n]));
    expect(eventOf(receipt, w.pex, "Transfer").args.from).toBe(zeroAddress);
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(1n);
  });

  it("take ERC-2612 permits under their own name; TestUSDT, like the real USDT, takes none", async () => {
    const w = await world();
    for (const [token, name] of [
      [w.pex, "PEX"],
      [w.usdb, "USDB"],
    ] as const) {
      const [, domainName, version, chainId, verifyingContract] = await token.read.eip712Domain();
      expect({ domainName, version, chainId, verifyingContract }).toEqual({ domainName: name, version: "1", chainId: 31337n, verifyingContract: token.address });
      const permit = await signPermit(w, token, w.alice, w.bob.account.address, 9n);
      await w.send(token.write.permit([w.alice.account.address, w.bob.account.address, 9n, permit.deadline, permit.v, permit.r, permit.s]));
      expect(await token.read.allowance([w.alice.account.address, w.bob.account.address])).toBe(9n);
      expect(await token.read.nonces([w.alice.account.address])).toBe(1n);
    }
    // The app tells tokens with permits from those without by this: USDT needs an approval.
    const usdtAbi = w.usdt.abi as readonly { name?: string }[];
    expect(usdtAbi.some((item) => item.name === "permit" || item.name === "nonces")).toBe(false);
  });

  it("holders can burn their own tokens", async () => {
    const w = await world();
    const before = await w.pex.read.totalSupply();
    await w.send(w.pex.write.burn([parseEther("1")]));
    expect(await w.pex.read.totalSupply()).toBe(before - parseEther("1"));
  });
});

describe("TestUSDT", () => {
  it("has 6 decimals, its initial supply, and owner-only mint", async () => {
    const w = await world();
    expect(await w.usdt.read.decimals()).toBe(6);
    expect(await w.usdt.read.initialSupply()).toBe(w.config.usdtSupply);
    await w.send(w.usdt.write.mint([w.alice.account.address, parseUnits("3", 6)]));
    expect(await w.usdt.read.balanceOf([w.alice.account.address])).toBe(parseUnits("3", 6));
    await expect(w.of(w.alice).usdt.write.mint([w.alice.account.address, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
  });
});
