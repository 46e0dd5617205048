import { describe, expect, it } from "vitest";
import { getAddress, parseEther, type PublicClient } from "viem";
import { mine } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { myFigures } from "../../domain/api/protocol-my-figures";
import { createFiguresAtBlock } from "../../server/modules/protocol/figures-at-block";
import { createMyFiguresAtBlock } from "../../server/modules/protocol/my-figures-at-block";
import { countingClient } from "./support/counting-client";
import { stakeAs, world, type World } from "./support/fixture";

/*
 * An account's own figures as the server reads them (ADR-0212) on a Hardhat network: at the block
 * of the public figures, equal to the contracts' own reads there; one multicall per account and
 * block however many of its requests come at once; each account its own.
 */

function sources(w: World, client: PublicClient, clock: () => number) {
  const latest = createFiguresAtBlock({
    client,
    contracts: () => ({ front: w.front.address, spex: w.spex.address, game: w.game.address }),
    now: clock,
  });
  const mine = createMyFiguresAtBlock({ client, contracts: () => ({ pex: w.pex.address, spex: w.spex.address }), latest });
  return { latest, mine };
}

describe("an account's own figures at the public figures' block", () => {
  it("equal the contracts' reads at that block, for the account asked for and no other", async () => {
    const w = await world();
    await stakeAs(w, w.alice, parseEther("100"));
    await w.send(w.pex.write.transfer([w.bob.account.address, parseEther("7")]));
    const { client } = countingClient();
    const { latest, mine } = sources(w, client, () => 0);
    const alice = myFigures.parse(await mine(w.alice.account.address));
    const bob = myFigures.parse(await mine(w.bob.account.address));
    const block = BigInt((await latest())!.block.number);
    expect(alice.block).toEqual((await latest())!.block);
    expect(alice.address).toBe(getAddress(w.alice.account.address));
    expect(BigInt(alice.pexBalance)).toBe(await w.pex.read.balanceOf([w.alice.account.address], { blockNumber: block }));
    expect(BigInt(alice.spexBalance)).toBe(await w.spex.read.balanceOf([w.alice.account.address], { blockNumber: block }));
    expect(BigInt(alice.spexBalance)).toBeGreaterThan(0n);
    expect(bob.address).toBe(getAddress(w.bob.account.address));
    expect(BigInt(bob.pexBalance)).toBe(await w.pex.read.balanceOf([w.bob.account.address], { blockNumber: block }));
    expect(BigInt(bob.spexBalance)).toBe(0n);
  });

  it("a burst of 100 requests of one account costs one multicall per block; the next block is read anew", async () => {
    const w = await world();
    await stakeAs(w, w.alice, parseEther("10"));
    const { client, calls } = countingClient();
    let clock = 0;
    const { latest, mine: mineOf } = sources(w, client, () => clock);
    await latest();
    const publicCalls = calls.get("eth_call") ?? 0;
    // The same account written two ways is one account.
    const who = [w.alice.account.address, w.alice.account.address.toLowerCase() as `0x${string}`];
    const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => mineOf(who[i % 2]!)));
    expect(new Set(burst.map((f) => JSON.stringify(f))).size).toBe(1);
    expect(calls.get("eth_call")).toBe(publicCalls + 1);
    await mine(1);
    clock += 1_000;
    // (The last block's figures answer while the new block's public ones are read: ADR-0209.)
    await expect
      .poll(async () => BigInt((await mineOf(w.alice.account.address))!.block.number))
      .toBe(BigInt(burst[0]!.block.number) + 1n);
  });

  it("answers null without PEX and sPEX deployed", async () => {
    const w = await world();
    const { client } = countingClient();
    const latest = createFiguresAtBlock({ client, contracts: () => ({ front: w.front.address }) });
    const mineOf = createMyFiguresAtBlock({ client, contracts: () => null, latest });
    expect(await mineOf(w.alice.account.address)).toBeNull();
  });
});
