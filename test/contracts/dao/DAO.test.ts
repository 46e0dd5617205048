import { describe, expect, it } from "vitest";
import { parseEther, toHex, zeroAddress } from "viem";
import { eventOf, eventsOf, hre, revertsWith, stakeAs, world, type World } from "../support/fixture";

/** Storage slot of `DAO._dividends` (in `DaoNodes`, after AccessControl's _roles, two mappings,
 * the thresholds' two slots and _seniority); the test checks it holds what `dividendState` reports. */
const DIVIDENDS_SLOT = 6n;

const NodeType = { OrdinaryUser: 0, ValueUser: 1, PrimaryNode: 2, IntermediateNode: 3, SeniorNode: 4 } as const;

/** Binds wallets[i] under wallets[i - 1] for i in 1..n: a chain below the owner (a root). */
async function chain(w: World, n: number) {
  for (let i = 1; i <= n; i++) await w.send(w.of(w.wallets[i]!).dao.write.bindInviter([w.wallets[i - 1]!.account.address]));
}

describe("DAO: invitation tree", () => {
  it("binds an account once under a registered inviter, with an event", async () => {
    const w = await world();
    const receipt = await w.send(w.of(w.alice).dao.write.bindInviter([w.owner.account.address]));
    expect(eventOf(receipt, w.dao, "InviterBound").args).toEqual({ account: w.alice.account.address, inviter: w.owner.account.address, by: w.alice.account.address });
    expect(await w.dao.read.inviterOf([w.alice.account.address])).toEqual(w.owner.account.address);
    expect(await w.dao.read.inviteesOf([w.owner.account.address])).toEqual([w.alice.account.address]);
    expect(await w.dao.read.isRegistered([w.alice.account.address])).toBe(true);
    await expect(w.of(w.alice).dao.write.bindInviter([w.owner.account.address])).rejects.toThrow(revertsWith("DaoAlreadyBound"));
    await expect(w.of(w.bob).dao.write.bindInviter([w.carol.account.address])).rejects.toThrow(revertsWith("DaoInviterNotRegistered"));
    await expect(w.of(w.bob).dao.write.bindInviter([w.bob.account.address])).rejects.toThrow(revertsWith("DaoSelfInvite"));
    await expect(w.of(w.bob).dao.write.bindInviter([zeroAddress])).rejects.toThrow(revertsWith("DaoZeroAddress"));
  });

  it("a cycle cannot form: a root cannot bind and an unbound account cannot invite", async () => {
    const w = await world();
    await chain(w, 2);
    await expect(w.dao.write.bindInviter([w.bob.account.address])).rejects.toThrow(revertsWith("DaoAlreadyBound"));
    await expect(w.of(w.dave).dao.write.bindInviter([w.carol.account.address])).rejects.toThrow(revertsWith("DaoInviterNotRegistered"));
  });

  it("binders bind on a user's behalf; the admin grants the binder role, the terms role sets roots", async () => {
    const w = await world();
    await expect(w.of(w.alice).dao.write.bindInviterFor([w.bob.account.address, w.owner.account.address])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    const binder = await w.dao.read.BINDER_ROLE();
    expect(eventOf(await w.send(w.dao.write.grantRole([binder, w.alice.account.address])), w.dao, "RoleGranted").args.account).toEqual(w.alice.account.address);
    expect(await w.dao.read.hasRole([binder, w.alice.account.address])).toBe(true);
    const receipt = await w.send(w.of(w.alice).dao.write.bindInviterFor([w.bob.account.address, w.owner.account.address]));
    expect(eventOf(receipt, w.dao, "InviterBound").args.by).toEqual(w.alice.account.address);
    expect(eventOf(await w.send(w.dao.write.setRoot([w.carol.account.address, true])), w.dao, "RootSet").args).toEqual({ account: w.carol.account.address, root: true });
    await w.send(w.of(w.dave).dao.write.bindInviter([w.carol.account.address]));
    await expect(w.dao.write.setRoot([zeroAddress, true])).rejects.toThrow(revertsWith("DaoZeroAddress"));
    await expect(w.of(w.alice).dao.write.setRoot([w.alice.account.address, true])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
  });

  it("team totals follow stakes up to MAX_TEAM_DEPTH ancestors", async () => {
    const w = await world();
    const depth = Number(await w.dao.read.MAX_TEAM_DEPTH());
    await chain(w, depth + 1);
    const bottom = w.wallets[depth + 1]!;
    const id = await stakeAs(w, bottom, parseEther("100"));
    for (let i = 1; i <= depth; i++) expect(await w.dao.read.teamSPexOf([w.wallets[depth + 1 - i]!.account.address])).toBe(parseEther("100"));
    expect(await w.dao.read.teamSPexOf([w.owner.account.address])).toBe(0n); // depth + 1 levels up
    expect(await w.dao.read.teamSPexOf([bottom.account.address])).toBe(0n); // a team excludes oneself
    expect(await w.dao.read.networkPrincipalOf([bottom.account.address])).toBe(parseEther("100"));
    await w.send(w.of(bottom).spex.write.unStake([id]));
    expect(await w.dao.read.teamSPexOf([w.wallets[depth]!.account.address])).toBe(0n);
    expect(await w.dao.read.networkPrincipalOf([bottom.account.address])).toBe(0n);
  });

  it("binding after staking brings the existing stake into the new ancestors' teams", async () => {
    const w = await world();
    await stakeAs(w, w.bob, parseEther("7"));
    await w.send(w.of(w.alice).dao.write.bindInviter([w.owner.account.address]));
    await w.send(w.of(w.bob).dao.write.bindInviter([w.alice.account.address]));
    expect(await w.dao.read.teamSPexOf([w.alice.account.address])).toBe(parseEther("7"));
    expect(await w.dao.read.teamSPexOf([w.owner.account.address])).toBe(parseEther("7"));
  });

  it("only SPEX reports stake changes, once set", async () => {
    const w = await world();
    await expect(w.dao.write.onStakeChanged([w.alice.account.address, 1n])).rejects.toThrow(revertsWith("DaoNotStaking"));
    expect(await w.dao.read.staking()).toEqual(w.spex.address);
    await expect(w.dao.write.setStaking([w.spex.address])).rejects.toThrow(revertsWith("DaoStakingAlreadySet"));
  });
});

describe("DAO: node levels", () => {
  it("follow the team sPEX thresholds", async () => {
    const w = await world();
    await chain(w, 2);
    const th = await w.dao.read.levelThresholds();
    const alice = w.alice.account.address;
    expect(await w.dao.read.nodeTypeOf([alice])).toBe(NodeType.OrdinaryUser);
    await stakeAs(w, w.bob, th[0]);
    expect(await w.dao.read.nodeTypeOf([alice])).toBe(NodeType.ValueUser);
    await stakeAs(w, w.bob, th[1] - th[0]);
    expect(await w.dao.read.nodeTypeOf([alice])).toBe(NodeType.PrimaryNode);
    await stakeAs(w, w.bob, th[2] - th[1]);
    expect(await w.dao.read.nodeTypeOf([alice])).toBe(NodeType.IntermediateNode);
    await stakeAs(w, w.bob, th[3] - th[2] - 1n);
    expect(await w.dao.read.nodeTypeOf([alice])).toBe(NodeType.IntermediateNode);
    await stakeAs(w, w.bob, 1n);
    expect(await w.dao.read.nodeTypeOf([alice])).toBe(NodeType.SeniorNode);
    const info = await w.dao.read.getNodeInfo([alice]);
    expect(info).toMatchObject({ inviter: w.owner.account.address, nodeType: NodeType.SeniorNode, teamSPex: th[3], directInvitees: 1n, director: false });
  });

  it("thresholds are owner-set, ascending and non-zero", async () => {
    const w = await world();
    await expect(w.dao.write.setLevelThresholds([[0n, 1n, 2n, 3n]])).rejects.toThrow(revertsWith("DaoInvalidThresholds"));
    await expect(w.dao.write.setLevelThresholds([[1n, 1n, 2n, 3n]])).rejects.toThrow(revertsWith("DaoInvalidThresholds"));
    await expect(w.of(w.alice).dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    const set = eventOf(await w.send(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]])), w.dao, "LevelThresholdsSet").args;
    expect(set).toEqual({ valueUser: 1n, primaryNode: 2n, intermediateNode: 3n, seniorNode: 4n });
    expect(await w.dao.read.levelWeights()).toEqual([0n, 1n, 2n, 4n, 8n]);
  });
});

describe("DAO: dividends", () => {
  it("are shared by node weight and claimable; the growth rate is measured from the last claim", async () => {
    const w = await world();
    await w.send(w.dao.write.setLevelThresholds([[parseEther("1"), parseEther("2"), parseEther("3"), parseEther("4")]]));
    // alice (Primary, weight 2) ← carol staking 2; bob (Value, weight 1) ← dave staking 1.
    await w.send(w.of(w.alice).dao.write.bindInviter([w.owner.account.address]));
    await w.send(w.of(w.bob).dao.write.bindInviter([w.owner.account.address]));
    await w.send(w.of(w.carol).dao.write.bindInviter([w.alice.account.address]));
    await w.send(w.of(w.dave).dao.write.bindInviter([w.bob.account.address]));
    await stakeAs(w, w.carol, parseEther("2"));
    await stakeAs(w, w.dave, parseEther("1"));
    await expect(w.dao.write.distributeDividends([parseEther("30")])).rejects.toThrow(revertsWith("DaoNoEligibleNodes"));
    const poked = eventOf(await w.send(w.of(w.carol).dao.write.pokeNode([w.alice.account.address])), w.dao, "NodePoked").args;
    expect(poked).toEqual({ account: w.alice.account.address, nodeType: NodeType.PrimaryNode, weight: 2n });
    await w.send(w.dao.write.pokeNode([w.bob.account.address]));

    await w.send(w.pex.write.approve([w.dao.address, parseEther("30")]));
    await expect(w.dao.write.distributeDividends([0n])).rejects.toThrow(revertsWith("DaoZeroAmount"));
    await expect(w.of(w.alice).dao.write.distributeDividends([1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    const dist = eventOf(await w.send(w.dao.write.distributeDividends([parseEther("30")])), w.dao, "DividendsDistributed").args;
    expect(dist).toEqual({ round: 1n, amount: parseEther("30"), totalWeight: 3n });
    expect(await w.dao.read.pendingDividendsOf([w.alice.account.address])).toBe(parseEther("20"));
    expect(await w.dao.read.pendingDividendsOf([w.bob.account.address])).toBe(parseEther("10"));

    const claimed = eventOf(await w.send(w.of(w.alice).dao.write.claimDividends()), w.dao, "DividendsClaimed").args;
    expect(claimed).toEqual({ account: w.alice.account.address, amount: parseEther("20") });
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(parseEther("20"));
    await expect(w.of(w.alice).dao.write.claimDividends()).rejects.toThrow(revertsWith("DaoNothingToClaim"));
    await expect(w.of(w.carol).dao.write.claimDividends()).rejects.toThrow(revertsWith("DaoNothingToClaim"));

    // alice's team grows 50 % after her claim.
    await stakeAs(w, w.carol, parseEther("1"));
    const info = await w.dao.read.getNodeInfo([w.alice.account.address]);
    expect(info.growthRateBps).toBe(5_000n);
    expect(info.lastClaimAt).toBeGreaterThan(0n);
    const [rounds, lastAt, total, weight] = await w.dao.read.dividendState();
    expect([rounds, total, weight]).toEqual([1n, parseEther("30"), 3n]);
    expect(info.lastDividendAt).toBe(lastAt);
  });

  it("a one-off stake no longer keeps dividend weight after the unstake; what it earned stays", async () => {
    const w = await world();
    await w.send(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]]));
    await chain(w, 2);
    const id = await stakeAs(w, w.bob, 10n);
    await w.send(w.dao.write.pokeNode([w.alice.account.address]));
    expect((await w.dao.read.getNodeInfo([w.alice.account.address])).weight).toBe(8n);
    await w.send(w.pex.write.approve([w.dao.address, 100n]));
    await w.send(w.dao.write.distributeDividends([80n]));
    // Nobody pokes: the unstake itself takes the weight away, and the total with it.
    const receipt = await w.send(w.of(w.bob).spex.write.unStake([id]));
    expect(eventOf(receipt, w.dao, "NodeWeightDropped").args).toEqual({ account: w.alice.account.address, weight: 0n });
    expect((await w.dao.read.getNodeInfo([w.alice.account.address])).weight).toBe(0n);
    expect((await w.dao.read.dividendState())[3]).toBe(0n);
    expect(await w.dao.read.pendingDividendsOf([w.alice.account.address])).toBe(80n);
    await expect(w.dao.write.distributeDividends([20n])).rejects.toThrow(revertsWith("DaoNoEligibleNodes"));
    expect(eventsOf(await w.send(w.of(w.alice).dao.write.claimDividends()), w.dao, "DividendsClaimed")).toHaveLength(1);
    expect(await w.pex.read.balanceOf([w.alice.account.address])).toBe(80n);
  });

  it("accrual is exact across one drop between settlements and never more than earned across several", async () => {
    const w = await world();
    await w.send(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]]));
    // alice (Senior, 8) ← bob staking 2 + 2; carol (Value User, 1) ← dave staking 1.
    await w.send(w.of(w.alice).dao.write.bindInviter([w.owner.account.address]));
    await w.send(w.of(w.bob).dao.write.bindInviter([w.alice.account.address]));
    await w.send(w.of(w.carol).dao.write.bindInviter([w.owner.account.address]));
    await w.send(w.of(w.dave).dao.write.bindInviter([w.carol.account.address]));
    const first = await stakeAs(w, w.bob, 2n);
    const second = await stakeAs(w, w.bob, 2n);
    await stakeAs(w, w.dave, 1n);
    for (const a of [w.alice, w.carol]) await w.send(w.dao.write.pokeNode([a.account.address]));
    await w.send(w.pex.write.approve([w.dao.address, parseEther("130")]));
    const pending = async () => [await w.dao.read.pendingDividendsOf([w.alice.account.address]), await w.dao.read.pendingDividendsOf([w.carol.account.address])];

    await w.send(w.dao.write.distributeDividends([parseEther("90")])); // 10 per weight
    expect(await pending()).toEqual([parseEther("80"), parseEther("10")]);
    await w.send(w.of(w.bob).spex.write.unStake([first])); // alice: Primary Node, weight 2
    expect((await w.dao.read.dividendState())[3]).toBe(3n);
    await w.send(w.dao.write.distributeDividends([parseEther("30")])); // 10 per weight
    expect(await pending()).toEqual([parseEther("100"), parseEther("20")]);

    // A second drop before alice settles: the round between the drops is paid at the lower weight.
    await w.send(w.of(w.bob).spex.write.unStake([second]));
    await w.send(w.dao.write.distributeDividends([parseEther("10")]));
    const [alice, carol] = await pending();
    expect(alice).toBe(parseEther("80"));
    expect(carol).toBe(parseEther("30"));
    expect(alice! + carol!).toBeLessThanOrEqual(await w.pex.read.balanceOf([w.dao.address]));
  });

  it("the dividend rounds stop short of the 24 bits a weight drop records them in", async () => {
    const w = await world();
    await w.send(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]]));
    await chain(w, 2);
    await stakeAs(w, w.bob, 10n);
    await w.send(w.dao.write.pokeNode([w.alice.account.address]));
    await w.send(w.pex.write.approve([w.dao.address, 2n]));
    await w.send(w.dao.write.distributeDividends([1n]));
    // The dividend slot: totalWeight (64 bits), rounds (32), lastAt (40), totalDistributed (120).
    const slot = toHex(DIVIDENDS_SLOT, { size: 32 });
    const word = BigInt(await hre.network.provider.send("eth_getStorageAt", [w.dao.address, slot, "latest"]));
    expect([word & 0xffffffffffffffffn, (word >> 64n) & 0xffffffffn]).toEqual([8n, 1n]);
    const maxRounds = 2n ** 24n - 3n;
    const patched = (word & ~(0xffffffffn << 64n)) | (maxRounds << 64n);
    await hre.network.provider.send("hardhat_setStorageAt", [w.dao.address, slot, toHex(patched, { size: 32 })]);
    expect((await w.dao.read.dividendState())[0]).toBe(maxRounds);
    await expect(w.dao.write.distributeDividends([1n])).rejects.toThrow(revertsWith("DaoTooManyRounds"));
  });
});
