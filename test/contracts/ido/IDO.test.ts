import { describe, expect, it } from "vitest";
import { parseEther, zeroAddress } from "viem";
import type { Typed } from "../../../scripts/protocol/contracts";
import { advance, eventOf, hre, now, revertsWith, world, type World } from "../support/fixture";

async function allocate(w: World, amounts: [World["alice"], bigint][]) {
  const total = amounts.reduce((s, [, a]) => s + a, 0n);
  await w.send(w.pex.write.transfer([w.ido.address, total]));
  return w.send(w.ido.write.addAllocations([amounts.map(([wallet]) => wallet.account.address), amounts.map(([, a]) => a)]));
}

describe("IDO", () => {
  it("adds allocations covered by the PEX it holds, with events", async () => {
    const w = await world();
    const receipt = await allocate(w, [[w.alice, parseEther("1000")]]);
    expect(eventOf(receipt, w.ido, "AllocationAdded").args).toEqual({ account: w.alice.account.address, amount: parseEther("1000"), total: parseEther("1000") });
    expect(await w.ido.read.getTotal()).toBe(parseEther("1000"));
    expect(await w.ido.read.allocationOf([w.alice.account.address])).toBe(parseEther("1000"));
    expect(await w.ido.read.getPart65([w.alice.account.address])).toBe(parseEther("650"));
    expect(await w.ido.read.getPart35([w.alice.account.address])).toBe(parseEther("350"));
    expect(await w.ido.read.token()).toEqual(w.pex.address);
  });

  it("claimPex65 pays 65 % once", async () => {
    const w = await world();
    await allocate(w, [[w.alice, parseEther("1000")]]);
    const me = w.of(w.alice).ido;
    const receipt = await w.send(me.write.claimPex65());
    expect(eventOf(receipt, w.ido, "Claimed65").args.amount).toBe(parseEther("650"));
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(parseEther("650"));
    await expect(me.write.claimPex65()).rejects.toThrow(revertsWith("IdoAlreadyClaimed"));
    await expect(w.of(w.bob).ido.write.claimPex65()).rejects.toThrow(revertsWith("IdoNoAllocation"));
    await expect(w.of(w.bob).ido.write.claimPex35()).rejects.toThrow(revertsWith("IdoNoAllocation"));
  });

  it("claimPex35 releases linearly over the duration", async () => {
    const w = await world();
    await allocate(w, [[w.alice, parseEther("1000")]]);
    const [start, duration] = await w.ido.read.schedule();
    const me = w.of(w.alice).ido;
    await advance(w, Number(duration / 4n));
    const part35 = parseEther("350");
    const released = (part35 * ((await now(w)) - start)) / duration;
    expect(await w.ido.read.getCanClaim35([w.alice.account.address])).toBe(released);
    const receipt = await w.send(me.write.claimPex35());
    const first = eventOf(receipt, w.ido, "Claimed35").args.amount;
    expect(first).toBe((part35 * ((await now(w)) - start)) / duration);
    expect(await w.ido.read.getClaimed35([w.alice.account.address])).toBe(first);

    await advance(w, Number(duration));
    await w.send(me.write.claimPex35());
    expect(await w.ido.read.getClaimed35([w.alice.account.address])).toBe(part35);
    await expect(me.write.claimPex35()).rejects.toThrow(revertsWith("IdoNothingToClaim"));
    const info = await w.ido.read.getReleaseInfo([w.alice.account.address]);
    expect(info).toMatchObject({ total: parseEther("1000"), part35, released35: part35, claimed35: part35, unreleased: 0n, available: parseEther("650"), received: part35 });
    expect(await w.ido.read.totalClaimed()).toBe(part35);
  });

  it("an addition after the 65 % claim adds its 65 % to what claimPex65 can still take (issue 11)", async () => {
    const w = await world();
    const alice = w.alice.account.address;
    const me = w.of(w.alice).ido;
    await allocate(w, [[w.alice, parseEther("1000")]]);
    await w.send(me.write.claimPex65());
    // The attack on the old flag: the owner adds 1,000 PEX after the claim. Its 650 PEX share of
    // the 65 % used to be refused (IdoAlreadyClaimed) forever, and stayed in the contract.
    await allocate(w, [[w.alice, parseEther("1000")]]);
    let info = await w.ido.read.getReleaseInfo([alice]);
    expect(info).toMatchObject({ total: parseEther("2000"), part65: parseEther("1300"), claimed65: parseEther("650"), received: parseEther("650") });
    expect(info.available).toBe(parseEther("650") + info.released35 - info.claimed35);
    const second = await w.send(me.write.claimPex65());
    expect(eventOf(second, w.ido, "Claimed65").args).toEqual({ account: alice, amount: parseEther("650") });
    await expect(me.write.claimPex65()).rejects.toThrow(revertsWith("IdoAlreadyClaimed"));
    info = await w.ido.read.getReleaseInfo([alice]);
    expect(info).toMatchObject({ claimed65: parseEther("1300"), available: info.released35 - info.claimed35 });

    // After the whole duration every PEX allocated has been received, and the contract owes nothing.
    await advance(w, w.config.idoDuration);
    await w.send(me.write.claimPex35());
    expect(await w.pex.read.balanceOf([alice])).toBe(parseEther("2000"));
    info = await w.ido.read.getReleaseInfo([alice]);
    expect(info).toMatchObject({ received: parseEther("2000"), available: 0n, unreleased: 0n });
    expect(await w.ido.read.totalClaimed()).toBe(await w.ido.read.getTotal());
    expect(await w.pex.read.balanceOf([w.ido.address])).toBe(0n);
  });

  it("an addition before any claim is claimed at once with the rest", async () => {
    const w = await world();
    await allocate(w, [[w.alice, parseEther("300")]]);
    await allocate(w, [[w.alice, parseEther("700")]]);
    const receipt = await w.send(w.of(w.alice).ido.write.claimPex65());
    expect(eventOf(receipt, w.ido, "Claimed65").args.amount).toBe(parseEther("650"));
  });

  it("release list: unreleased, received, duration, total release, available", async () => {
    const w = await world();
    await allocate(w, [[w.alice, parseEther("100")]]);
    await w.send(w.of(w.alice).ido.write.claimPex65());
    const info = await w.ido.read.getReleaseInfo([w.alice.account.address]);
    expect(info.total).toBe(parseEther("100"));
    expect(info.claimed65).toBe(parseEther("65"));
    expect(info.received).toBe(parseEther("65") + info.claimed35);
    expect(info.unreleased).toBe(parseEther("35") - info.released35);
    expect(info.available).toBe(info.released35 - info.claimed35);
    expect(info.duration).toBe(BigInt(w.config.idoDuration));
  });

  it("nothing is claimable before the start", async () => {
    const w = await world();
    const start = (await now(w)) + 3600n;
    const ido = (await hre.viem.deployContract("IDO", [w.pex.address, w.owner.account.address, start, 86_400n])) as unknown as Typed<"idoAbi">;
    await w.send(w.pex.write.transfer([ido.address, 100n]));
    await w.send(ido.write.addAllocations([[w.alice.account.address], [100n]]));
    const mine = (await hre.viem.getContractAt("IDO", ido.address, { client: { wallet: w.alice } })) as unknown as Typed<"idoAbi">;
    await expect(mine.write.claimPex65()).rejects.toThrow(revertsWith("IdoNotStarted"));
    await expect(mine.write.claimPex35()).rejects.toThrow(revertsWith("IdoNotStarted"));
    expect(await ido.read.getCanClaim35([w.alice.account.address])).toBe(0n);
    expect((await ido.read.getReleaseInfo([w.alice.account.address])).available).toBe(0n);
    const moved = eventOf(await w.send(ido.write.setSchedule([start + 60n, 1000n])), ido, "ScheduleSet").args;
    expect(moved).toEqual({ start: start + 60n, duration: 1000n });
    await expect(ido.write.setSchedule([start, 0n])).rejects.toThrow(revertsWith("IdoInvalidSchedule"));
  });

  it("guards and validates allocations and the schedule", async () => {
    const w = await world();
    const a = w.alice.account.address;
    await expect(w.of(w.alice).ido.write.addAllocations([[a], [1n]])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    await expect(w.ido.write.addAllocations([[a], []])).rejects.toThrow(revertsWith("IdoLengthMismatch"));
    await expect(w.ido.write.addAllocations([[zeroAddress], [1n]])).rejects.toThrow(revertsWith("IdoZeroAddress"));
    await expect(w.ido.write.addAllocations([[a], [0n]])).rejects.toThrow(revertsWith("IdoZeroAmount"));
    await expect(w.ido.write.addAllocations([[a], [1n]])).rejects.toThrow(revertsWith("IdoUnderfunded"));
    await expect(w.ido.write.setSchedule([0n, 1n])).rejects.toThrow(revertsWith("IdoAlreadyStarted"));
    await expect(hre.viem.deployContract("IDO", [w.pex.address, w.owner.account.address, 0n, 0n])).rejects.toThrow(revertsWith("IdoInvalidSchedule"));
  });
});
