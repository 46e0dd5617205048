import { describe, expect, it } from "vitest";
import { parseEther, zeroAddress } from "viem";
import { MANAGER_ROLE } from "../../../scripts/protocol/deploy-protocol";
import { eventOf, revertsWith, world } from "../support/fixture";

describe("Treasury", () => {
  it("accepts ETH with an event and is named", async () => {
    const w = await world();
    const receipt = await w.send(w.alice.sendTransaction({ to: w.treasury1.address, value: parseEther("1") }));
    expect(eventOf(receipt, w.treasury1, "EthReceived").args).toEqual({ from: w.alice.account.address, amount: parseEther("1") });
    expect(await w.treasury1.read.name()).toBe("Reserves");
    expect(await w.treasury2.read.name()).toBe("Protocol-owned liquidity");
  });

  it("managers move ETH and tokens out; others cannot", async () => {
    const w = await world();
    await w.send(w.alice.sendTransaction({ to: w.treasury1.address, value: parseEther("1") }));
    const before = await w.publicClient.getBalance({ address: w.bob.account.address });
    const receipt = await w.send(w.treasury1.write.manage([zeroAddress, w.bob.account.address, parseEther("1")]));
    expect(eventOf(receipt, w.treasury1, "Managed").args).toEqual({ manager: w.owner.account.address, token: zeroAddress, to: w.bob.account.address, amount: parseEther("1") });
    expect(await w.publicClient.getBalance({ address: w.bob.account.address })).toBe(before + parseEther("1"));
    await w.send(w.treasury1.write.manage([w.usdb.address, w.bob.account.address, parseEther("2")]));
    expect(await w.usdb.read.balanceOf([w.bob.account.address])).toBe(parseEther("2"));
    await expect(w.of(w.alice).treasury1.write.manage([w.usdb.address, w.alice.account.address, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    expect(await w.treasury1.read.hasRole([MANAGER_ROLE, w.dao.address])).toBe(true);
  });

  it("rejects a zero receiver, a zero amount and a receiver refusing ETH", async () => {
    const w = await world();
    await w.send(w.alice.sendTransaction({ to: w.treasury1.address, value: 10n }));
    await expect(w.treasury1.write.manage([zeroAddress, zeroAddress, 1n])).rejects.toThrow(revertsWith("TreasuryZeroAddress"));
    await expect(w.treasury1.write.manage([zeroAddress, w.bob.account.address, 0n])).rejects.toThrow(revertsWith("TreasuryZeroAmount"));
    await expect(w.treasury1.write.manage([zeroAddress, w.pex.address, 1n])).rejects.toThrow(revertsWith("TreasuryEthTransferFailed"));
  });
});
