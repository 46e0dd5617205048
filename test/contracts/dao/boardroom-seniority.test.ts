import { describe, expect, it } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { getAddress, parseEther } from "viem";
import type { WalletClient } from "../../../scripts/protocol/contracts";
import { advance, advanceTo, eventOf, now, protocolFixture, revertsWith, stakeAs, type World } from "../support/fixture";

const NodeType = { SeniorNode: 4 } as const;

/**
 * Production thresholds (Senior Node at 20,000 team sPEX, director threshold 10,000 PEX of the
 * account's own stake). owner ← #1 ← #2 ← #3 ← #4 with #4 staking 25,000 makes #1, #2 and #3
 * Senior Nodes; owner ← #5 ← #6 with #6 staking 25,000 makes #5 one. #1, #2, #3 and #5 stake
 * 10,000 each of their own, have held it for the period and joined.
 */
async function seniorityFixture(): Promise<World & { stake6: bigint }> {
  const w = await protocolFixture();
  const bind = (i: number, inviter: number) => w.send(w.of(w.wallets[i]!).dao.write.bindInviter([w.wallets[inviter]!.account.address]));
  for (const [i, inviter] of [[1, 0], [2, 1], [3, 2], [4, 3], [5, 0], [6, 5]] as const) await bind(i, inviter);
  await stakeAs(w, w.wallets[4]!, parseEther("25000"));
  const stake6 = await stakeAs(w, w.wallets[6]!, parseEther("25000"));
  for (const i of [1, 2, 3, 5]) await stakeAs(w, w.wallets[i]!, parseEther("10000"));
  await advance(w, w.config.seniorityPeriod);
  for (const i of [1, 2, 3, 5]) await w.send(w.of(w.wallets[i]!).dao.write.joinDirector());
  return { ...w, stake6 };
}

const seniority = () => loadFixture(seniorityFixture);
const dao = (w: World, i: number) => w.of(w.wallets[i]!).dao;
const addr = (w: World, i: number) => w.wallets[i]!.account.address;

describe("DAO boardroom: seniority", () => {
  it("an account is senior once it has met the condition for the whole period, without a break", async () => {
    const w = await seniority();
    await w.send(dao(w, 7).write.bindInviter([w.owner.account.address]));
    await w.send(dao(w, 8).write.bindInviter([addr(w, 7)]));
    await stakeAs(w, w.wallets[7]!, parseEther("10000"));
    expect(await w.dao.read.seniorityOf([addr(w, 7)])).toEqual({ eligible: false, eligibleSince: 0n, seniorAt: 0n, senior: false });
    await expect(dao(w, 7).write.joinDirector()).rejects.toThrow(revertsWith("DaoNotSeniorNode"));

    await stakeAs(w, w.wallets[8]!, parseEther("5000"));
    const big = await stakeAs(w, w.wallets[8]!, parseEther("20000"));
    const since = await now(w);
    const period = w.config.seniorityPeriod;
    expect(await w.dao.read.seniorityOf([addr(w, 7)])).toEqual({ eligible: true, eligibleSince: since, seniorAt: since + period, senior: false });
    await expect(dao(w, 7).write.joinDirector()).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));

    // A dip below the condition restarts the clock: the lowest principal over the period counts.
    await advance(w, period / 2n);
    await w.send(w.of(w.wallets[8]!).spex.write.unStake([big]));
    expect((await w.dao.read.seniorityOf([addr(w, 7)])).eligible).toBe(false);
    await stakeAs(w, w.wallets[8]!, parseEther("20000"));
    const again = await now(w);
    expect((await w.dao.read.seniorityOf([addr(w, 7)])).eligibleSince).toBe(again);
    await advanceTo(w, since + period);
    await expect(dao(w, 7).write.joinDirector()).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));

    // Staking more (or unstaking while the condition holds) keeps the clock running.
    await stakeAs(w, w.wallets[8]!, parseEther("1"));
    expect((await w.dao.read.seniorityOf([addr(w, 7)])).eligibleSince).toBe(again);
    await advanceTo(w, again + period);
    const joined = await w.send(dao(w, 7).write.joinDirector());
    expect(eventOf(joined, w.dao, "DirectorJoined").args.directorCount).toBe(5n);
    expect((await w.dao.read.seniorityOf([addr(w, 7)])).senior).toBe(true);
  });

  it("a director whose stake is gone stops counting towards two thirds; its signature too", async () => {
    const w = await seniority();
    expect(await w.dao.read.seniorDirectorCount()).toBe(4n);
    expect(await w.dao.read.requiredSignatures()).toBe(3n);
    const recipient = addr(w, 15);
    await w.send(dao(w, 1).write.createSpendProposal([9n, w.usdb.address, recipient, parseEther("10"), 86_400n]));
    await w.send(dao(w, 5).write.passProposal([9n]));
    expect(await w.dao.read.getPass([9n])).toBe(2n);

    // #5's only backing leaves: it is still seated, but neither it nor its signature counts.
    await w.send(w.of(w.wallets[6]!).spex.write.unStake([w.stake6]));
    expect(await w.dao.read.isDirector([addr(w, 5)])).toBe(true);
    expect(await w.dao.read.seniorDirectorCount()).toBe(3n);
    expect(await w.dao.read.requiredSignatures()).toBe(3n);
    expect(await w.dao.read.getPass([9n])).toBe(1n);
    await expect(dao(w, 5).write.passProposal([9n])).rejects.toThrow(revertsWith("DaoNotSeniorNode"));
    await expect(dao(w, 5).write.createProposal([10n])).rejects.toThrow(revertsWith("DaoNotSeniorNode"));

    // Two of the three senior directors are not more than two thirds; the third signature is.
    await w.send(dao(w, 2).write.passProposal([9n]));
    expect((await w.dao.read.getProposalInfo([9n])).status).toBe(1);
    const receipt = await w.send(dao(w, 3).write.passProposal([9n]));
    expect(eventOf(receipt, w.dao, "ProposalExecuted").args.amount).toBe(parseEther("10"));
    expect(eventOf(receipt, w.dao, "ProposalSigned").args.signatures).toBe(3n);
    expect(await w.usdb.read.balanceOf([recipient])).toBe(parseEther("10"));
  });

  it("anyone may remove a director that is not senior, and no other", async () => {
    const w = await seniority();
    const stranger = dao(w, 12);
    await expect(stranger.write.removeIneligibleDirector([addr(w, 5)])).rejects.toThrow(revertsWith("DaoDirectorStillSenior"));
    await expect(stranger.write.removeIneligibleDirector([addr(w, 9)])).rejects.toThrow(revertsWith("DaoNotDirector"));
    await w.send(w.of(w.wallets[6]!).spex.write.unStake([w.stake6]));
    const receipt = await w.send(stranger.write.removeIneligibleDirector([addr(w, 5)]));
    expect(eventOf(receipt, w.dao, "IneligibleDirectorRemoved").args).toEqual({ director: addr(w, 5), by: addr(w, 12), directorCount: 3n });
    expect(await w.dao.read.isDirector([addr(w, 5)])).toBe(false);
    expect(await w.dao.read.directors()).toHaveLength(3);
  });

  it("a director may leave", async () => {
    const w = await seniority();
    const receipt = await w.send(dao(w, 2).write.leaveDirector());
    expect(eventOf(receipt, w.dao, "DirectorLeft").args).toEqual({ director: addr(w, 2), directorCount: 3n });
    expect(await w.dao.read.getDirector({ account: addr(w, 2) })).toBe(false);
    expect(await w.dao.read.requiredSignatures()).toBe(3n);
    await expect(dao(w, 2).write.leaveDirector()).rejects.toThrow(revertsWith("DaoNotDirector"));
    await expect(dao(w, 2).write.createProposal([1n])).rejects.toThrow(revertsWith("DaoNotDirector"));
    // Still senior: it may come back.
    await w.send(dao(w, 2).write.joinDirector());
  });

  it("new thresholds restart everyone's seniority from the change, at the earliest", async () => {
    const w = await seniority();
    const th = await w.dao.read.levelThresholds();
    // Lower levels only: the boardroom condition is unchanged, nobody restarts.
    await w.send(w.dao.write.setLevelThresholds([[th[0] - 1n, th[1], th[2], th[3]]]));
    expect((await w.dao.read.seniorityOf([addr(w, 1)])).senior).toBe(true);
    // A lower Senior Node threshold makes nobody senior before a period has passed under it.
    await w.send(w.dao.write.setLevelThresholds([[th[0], th[1], th[2], th[3] - 1n]]));
    const changedAt = await now(w);
    expect(await w.dao.read.seniorityTerms()).toEqual([w.config.seniorityPeriod, changedAt]);
    const info = await w.dao.read.seniorityOf([addr(w, 1)]);
    expect(info).toEqual({ eligible: true, eligibleSince: changedAt, seniorAt: changedAt + w.config.seniorityPeriod, senior: false });
    expect(await w.dao.read.seniorDirectorCount()).toBe(0n);
    await expect(dao(w, 1).write.createProposal([1n])).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));
    await advanceTo(w, info.seniorAt);
    await w.send(dao(w, 1).write.createProposal([1n]));
    // A higher director threshold than #5's own stake: not eligible at all (its team's 25,000
    // count for its level only).
    await w.send(w.dao.write.setBoardroomTerms([parseEther("10001"), 86_400n, w.treasury1.address]));
    expect((await w.dao.read.seniorityOf([addr(w, 5)])).eligible).toBe(false);
    await expect(dao(w, 5).write.passProposal([1n])).rejects.toThrow(revertsWith("DaoOwnPrincipalBelowThreshold"));
    await expect(w.dao.write.setBoardroomTerms([2n ** 96n, 86_400n, w.treasury1.address])).rejects.toThrow(revertsWith("DaoInvalidThresholds"));
    await expect(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 2n ** 96n]])).rejects.toThrow(revertsWith("DaoInvalidThresholds"));
  });

  for (const raised of ["director threshold", "Senior Node threshold"] as const) {
    it(`a raised ${raised} leaves no old clock behind: a stake that meets it again starts the period anew`, async () => {
      // The attack: #5 has been eligible since the fixture; the threshold rises above its own
      // stake (or its team's); no stake changes, so its stored moment stays; a period later a
      // short-lived stake (its own, or in its team) lifts it over the new threshold, and with the
      // old moment it would sign at once. It must wait a whole period under the new threshold.
      const w = await seniority();
      await w.send(dao(w, 1).write.createSpendProposal([9n, w.usdb.address, addr(w, 15), parseEther("10"), 30n * 86_400n]));
      const th = await w.dao.read.levelThresholds();
      if (raised === "director threshold") await w.send(w.dao.write.setBoardroomTerms([parseEther("16000"), 86_400n, w.treasury1.address]));
      else await w.send(w.dao.write.setLevelThresholds([[th[0], th[1], th[2], parseEther("30000")]]));
      expect((await w.dao.read.seniorityOf([addr(w, 5)])).eligible).toBe(false);
      await advance(w, w.config.seniorityPeriod + 1n);
      const staker = raised === "director threshold" ? 5 : 6;
      const flash = await stakeAs(w, w.wallets[staker]!, parseEther("6000"));
      const since = await now(w);
      expect(await w.dao.read.seniorityOf([addr(w, 5)])).toEqual({
        eligible: true,
        eligibleSince: since,
        seniorAt: since + w.config.seniorityPeriod,
        senior: false,
      });
      await expect(dao(w, 5).write.passProposal([9n])).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));
      await expect(dao(w, 5).write.createProposal([10n])).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));
      await w.send(w.of(w.wallets[staker]!).spex.write.unStake([flash]));
      expect((await w.dao.read.seniorityOf([addr(w, 5)])).eligible).toBe(false);
    });
  }

  it("a seat needs the director threshold in stake of its own, held for the period and while seated", async () => {
    const w = await seniority();
    // #7 has a team of 25,000 (a Senior Node) but only 9,999 of its own: not eligible.
    await w.send(dao(w, 7).write.bindInviter([w.owner.account.address]));
    await w.send(dao(w, 8).write.bindInviter([addr(w, 7)]));
    await stakeAs(w, w.wallets[8]!, parseEther("25000"));
    await stakeAs(w, w.wallets[7]!, parseEther("9999"));
    await advance(w, w.config.seniorityPeriod);
    expect(await w.dao.read.nodeTypeOf([addr(w, 7)])).toBe(NodeType.SeniorNode);
    expect((await w.dao.read.seniorityOf([addr(w, 7)])).eligible).toBe(false);
    const refused = dao(w, 7).write.joinDirector();
    await expect(refused).rejects.toThrow(revertsWith("DaoOwnPrincipalBelowThreshold"));
    await expect(refused).rejects.toThrow(`DaoOwnPrincipalBelowThreshold("${getAddress(addr(w, 7))}", ${parseEther("9999")}, ${parseEther("10000")})`);
    // Reaching the threshold exactly makes it eligible from now: senior a period later.
    await stakeAs(w, w.wallets[7]!, parseEther("1"));
    const since = await now(w);
    expect((await w.dao.read.seniorityOf([addr(w, 7)])).eligibleSince).toBe(since);
    await expect(dao(w, 7).write.joinDirector()).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));
    await advanceTo(w, since + w.config.seniorityPeriod);
    await w.send(dao(w, 7).write.joinDirector());
    expect(await w.dao.read.seniorDirectorCount()).toBe(5n);

    // Seated, #1 takes some of its own stake out: it stops counting at once, and anyone may
    // remove it; its team's stake (35,000) does not hold the seat.
    const own1 = (await w.spex.read.stakeIdsOf([addr(w, 1)]))[0]!;
    await w.send(w.of(w.wallets[1]!).spex.write.unStake([own1]));
    expect(await w.dao.read.nodeTypeOf([addr(w, 1)])).toBe(NodeType.SeniorNode);
    expect((await w.dao.read.seniorityOf([addr(w, 1)])).eligible).toBe(false);
    expect(await w.dao.read.seniorDirectorCount()).toBe(4n);
    await expect(dao(w, 1).write.createProposal([1n])).rejects.toThrow(revertsWith("DaoOwnPrincipalBelowThreshold"));
    await w.send(dao(w, 12).write.removeIneligibleDirector([addr(w, 1)]));
    expect(await w.dao.read.isDirector([addr(w, 1)])).toBe(false);
  });

  it("the owner sets the seniority period within its bounds", async () => {
    const w = await seniority();
    const [min, max] = [await w.dao.read.MIN_SENIORITY_PERIOD(), await w.dao.read.MAX_SENIORITY_PERIOD()];
    await expect(w.dao.write.setSeniorityPeriod([min - 1n])).rejects.toThrow(revertsWith("DaoInvalidSeniorityPeriod"));
    await expect(w.dao.write.setSeniorityPeriod([max + 1n])).rejects.toThrow(revertsWith("DaoInvalidSeniorityPeriod"));
    await expect(dao(w, 1).write.setSeniorityPeriod([min])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    const set = eventOf(await w.send(w.dao.write.setSeniorityPeriod([max])), w.dao, "SeniorityPeriodSet").args;
    expect(set.period).toBe(max);
    expect((await w.dao.read.seniorityTerms())[0]).toBe(max);
    // A longer period applies at once: nobody has held the condition for 90 days yet.
    expect(await w.dao.read.seniorDirectorCount()).toBe(0n);
  });
});

describe("DAO boardroom: seats", () => {
  it(`seats at most MAX_DIRECTORS; a free seat opens when a director leaves`, async () => {
    const w = await protocolFixture();
    await w.send(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]]));
    await w.send(w.dao.write.setBoardroomTerms([0n, 86_400n, w.treasury1.address]));
    // A line owner ← #1 ← … ← #17, each staking 10: #1..#16 have a staking team.
    const line: WalletClient[] = w.wallets.slice(1, 18);
    let inviter = w.owner.account.address;
    for (const a of line) {
      await w.send(w.of(a).dao.write.bindInviter([inviter]));
      await stakeAs(w, a, 10n);
      inviter = a.account.address;
    }
    await advance(w, w.config.seniorityPeriod);
    const max = Number(await w.dao.read.MAX_DIRECTORS());
    expect(max).toBe(15);
    for (const a of line.slice(0, max)) await w.send(w.of(a).dao.write.joinDirector());
    const extra = w.of(line[max]!).dao;
    expect((await w.dao.read.seniorityOf([line[max]!.account.address])).senior).toBe(true);
    await expect(extra.write.joinDirector()).rejects.toThrow(revertsWith("DaoBoardroomFull"));
    expect(await w.dao.read.requiredSignatures()).toBe(11n);
    await w.send(w.of(line[0]!).dao.write.leaveDirector());
    await w.send(extra.write.joinDirector());
    expect(await w.dao.read.directors()).toHaveLength(max);
    expect((await w.dao.read.getNodeInfo([line[0]!.account.address])).nodeType).toBe(NodeType.SeniorNode);
  });
});
