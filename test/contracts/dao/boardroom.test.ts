import { describe, expect, it } from "vitest";
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { parseEther, zeroAddress } from "viem";
import { advance, eventOf, eventsOf, protocolFixture, revertsWith, stakeAs, type World } from "../support/fixture";

const Status = { None: 0, Active: 1, Executed: 2, Expired: 3 } as const;

/**
 * Seven Senior Nodes (accounts #1..#7), each with one invitee (#8..#14) staking, and a zero
 * director threshold (no own stake needed), held for the seniority period: any of them may join
 * the boardroom.
 */
async function boardroomFixture(): Promise<World> {
  const w = await protocolFixture();
  await w.send(w.dao.write.setLevelThresholds([[1n, 2n, 3n, 4n]]));
  await w.send(w.dao.write.setBoardroomTerms([0n, 3n * 86_400n, w.treasury1.address]));
  for (let i = 1; i <= 7; i++) {
    const candidate = w.wallets[i]!;
    const invitee = w.wallets[i + 7]!;
    await w.send(w.of(candidate).dao.write.bindInviter([w.owner.account.address]));
    await w.send(w.of(invitee).dao.write.bindInviter([candidate.account.address]));
    await stakeAs(w, invitee, 10n);
  }
  await advance(w, w.config.seniorityPeriod + 1n);
  return w;
}

const boardroom = () => loadFixture(boardroomFixture);
const director = (w: World, i: number) => w.of(w.wallets[i]!).dao;

async function seat(w: World, n: number) {
  for (let i = 1; i <= n; i++) await w.send(director(w, i).write.joinDirector());
}

describe("DAO boardroom: directors", () => {
  it("a Senior Node above the principal threshold joins, once", async () => {
    const w = await boardroom();
    const receipt = await w.send(director(w, 1).write.joinDirector());
    expect(eventOf(receipt, w.dao, "DirectorJoined").args).toEqual({ director: w.alice.account.address, directorCount: 1n });
    expect(await w.dao.read.getDirector({ account: w.alice.account.address })).toBe(true);
    expect(await w.dao.read.getDirector({ account: w.bob.account.address })).toBe(false);
    expect(await w.dao.read.isDirector([w.alice.account.address])).toBe(true);
    expect(await w.dao.read.directors()).toEqual([w.alice.account.address]);
    expect((await w.dao.read.getNodeInfo([w.alice.account.address])).director).toBe(true);
    await expect(director(w, 1).write.joinDirector()).rejects.toThrow(revertsWith("DaoAlreadyDirector"));
    await expect(w.of(w.wallets[8]!).dao.write.joinDirector()).rejects.toThrow(revertsWith("DaoNotSeniorNode"));
  });

  it("the own staked principal must reach the threshold; the team's stake does not count towards it", async () => {
    const w = await boardroom();
    // Bob's team has staked 10, above the new threshold of 5; Bob himself has staked nothing.
    expect(await w.dao.read.teamSPexOf([w.bob.account.address])).toBe(10n);
    await w.send(w.dao.write.setBoardroomTerms([5n, 86_400n, w.treasury1.address]));
    await expect(director(w, 2).write.joinDirector()).rejects.toThrow(revertsWith("DaoOwnPrincipalBelowThreshold"));
    await stakeAs(w, w.bob, 4n);
    await expect(director(w, 2).write.joinDirector()).rejects.toThrow(revertsWith("DaoOwnPrincipalBelowThreshold"));
    // At the threshold exactly: eligible from now, senior a period later.
    await stakeAs(w, w.bob, 1n);
    await expect(director(w, 2).write.joinDirector()).rejects.toThrow(revertsWith("DaoSeniorityTooShort"));
    await advance(w, w.config.seniorityPeriod);
    await w.send(director(w, 2).write.joinDirector());
  });

  it("the owner removes directors and sets the terms", async () => {
    const w = await boardroom();
    await seat(w, 2);
    await expect(w.of(w.alice).dao.write.removeDirector([w.bob.account.address])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
    const removed = eventOf(await w.send(w.dao.write.removeDirector([w.bob.account.address])), w.dao, "DirectorRemoved").args;
    expect(removed).toEqual({ director: w.bob.account.address, directorCount: 1n });
    await expect(w.dao.write.removeDirector([w.bob.account.address])).rejects.toThrow(revertsWith("DaoNotDirector"));
    await expect(w.dao.write.setBoardroomTerms([0n, 60n, w.treasury1.address])).rejects.toThrow(revertsWith("DaoInvalidDuration"));
    await expect(w.dao.write.setBoardroomTerms([0n, 3600n, zeroAddress])).rejects.toThrow(revertsWith("DaoZeroAddress"));
    const set = eventOf(await w.send(w.dao.write.setBoardroomTerms([5n, 3600n, w.treasury2.address])), w.dao, "BoardroomTermsSet").args;
    expect(set).toEqual({ directorThreshold: 5n, proposalDuration: 3600n, treasury: w.treasury2.address });
    expect(await w.dao.read.boardroomTerms()).toEqual([5n, 3600n, w.treasury2.address]);
  });
});

describe("DAO boardroom: proposals", () => {
  it("directors create proposals keyed by their reference; the creator signs", async () => {
    const w = await boardroom();
    await seat(w, 3);
    await expect(w.of(w.wallets[8]!).dao.write.createProposal([1n])).rejects.toThrow(revertsWith("DaoNotDirector"));
    const receipt = await w.send(director(w, 1).write.createProposal([1_700_000_000_123n]));
    expect(eventOf(receipt, w.dao, "ProposalCreated").args).toMatchObject({ random: 1_700_000_000_123n, creator: w.alice.account.address, amount: 0n });
    expect(eventOf(receipt, w.dao, "ProposalSigned").args).toEqual({ random: 1_700_000_000_123n, director: w.alice.account.address, signatures: 1n });
    expect(await w.dao.read.getProposal([1_700_000_000_123n])).toBe(true);
    expect(await w.dao.read.getProposal([5n])).toBe(false);
    expect(await w.dao.read.getPass([1_700_000_000_123n])).toBe(1n);
    expect(await w.dao.read.hasSigned([1_700_000_000_123n, w.alice.account.address])).toBe(true);
    await expect(director(w, 2).write.createProposal([1_700_000_000_123n])).rejects.toThrow(revertsWith("DaoProposalExists"));
    const info = await w.dao.read.getProposalInfo([1_700_000_000_123n]);
    expect(info).toMatchObject({ signatures: 1n, requiredSignatures: 3n, status: Status.Active });
    expect(info.endTime - info.startTime).toBe(3n * 86_400n);
  });

  it("signing is for directors, once each, on existing proposals before they end", async () => {
    const w = await boardroom();
    await seat(w, 4);
    await expect(director(w, 2).write.passProposal([9n])).rejects.toThrow(revertsWith("DaoProposalNotFound"));
    await w.send(director(w, 1).write.createProposal([9n]));
    await expect(director(w, 1).write.passProposal([9n])).rejects.toThrow(revertsWith("DaoAlreadySigned"));
    await expect(w.of(w.wallets[9]!).dao.write.passProposal([9n])).rejects.toThrow(revertsWith("DaoNotDirector"));
    await advance(w, 3 * 86_400 + 1);
    expect((await w.dao.read.getProposalInfo([9n])).status).toBe(Status.Expired);
    await expect(director(w, 2).write.passProposal([9n])).rejects.toThrow(revertsWith("DaoProposalExpired"));
  });

  it("a spend proposal moves treasury funds exactly once", async () => {
    const w = await boardroom();
    await seat(w, 3);
    const recipient = w.wallets[15]!.account.address;
    const d1 = director(w, 1);
    await expect(d1.write.createSpendProposal([5n, w.usdb.address, zeroAddress, 1n, 3600n])).rejects.toThrow(revertsWith("DaoZeroAddress"));
    await expect(d1.write.createSpendProposal([5n, w.usdb.address, recipient, 0n, 3600n])).rejects.toThrow(revertsWith("DaoZeroAmount"));
    await expect(d1.write.createSpendProposal([5n, w.usdb.address, recipient, 1n, 60n])).rejects.toThrow(revertsWith("DaoInvalidDuration"));
    await w.send(d1.write.createSpendProposal([5n, w.usdb.address, recipient, parseEther("100"), 3600n]));
    await w.send(director(w, 2).write.passProposal([5n]));
    expect(await w.usdb.read.balanceOf([recipient])).toBe(0n);
    const receipt = await w.send(director(w, 3).write.passProposal([5n]));
    expect(eventOf(receipt, w.dao, "ProposalExecuted").args).toEqual({ random: 5n, token: w.usdb.address, recipient, amount: parseEther("100") });
    expect(eventOf(receipt, w.treasury1, "Managed").args.amount).toBe(parseEther("100"));
    expect(await w.usdb.read.balanceOf([recipient])).toBe(parseEther("100"));
    await w.send(director(w, 4).write.joinDirector());
    await expect(director(w, 4).write.passProposal([5n])).rejects.toThrow(revertsWith("DaoProposalAlreadyExecuted"));
    expect(await w.usdb.read.balanceOf([recipient])).toBe(parseEther("100"));
    expect((await w.dao.read.getProposalInfo([5n])).status).toBe(Status.Executed);
    const list = await w.dao.read.getProposals([0n, 10n]);
    expect(list.map((p) => p.random)).toEqual([5n]);
    expect(await w.dao.read.proposalCount()).toBe(1n);
  });

  it("lists proposals newest first with offset and limit", async () => {
    const w = await boardroom();
    await seat(w, 2);
    for (const r of [11n, 12n, 13n]) await w.send(director(w, 1).write.createProposal([r]));
    expect((await w.dao.read.getProposals([0n, 2n])).map((p) => p.random)).toEqual([13n, 12n]);
    expect((await w.dao.read.getProposals([2n, 5n])).map((p) => p.random)).toEqual([11n]);
    expect(await w.dao.read.getProposals([5n, 5n])).toEqual([]);
  });

  for (const n of [3, 4, 5, 6, 7]) {
    const required = Math.floor((2 * n) / 3) + 1;
    it(`with ${n} directors a proposal takes effect at exactly ${required} signatures (> 2/3)`, async () => {
      const w = await boardroom();
      await seat(w, n);
      expect(await w.dao.read.requiredSignatures()).toBe(BigInt(required));
      const recipient = w.wallets[15]!.account.address;
      const before = await w.usdb.read.balanceOf([recipient]);
      await w.send(director(w, 1).write.createSpendProposal([77n, w.usdb.address, recipient, 1n, 3600n]));
      for (let signer = 2; signer <= n; signer++) {
        const signatures = signer;
        if (signatures < required) {
          const receipt = await w.send(director(w, signer).write.passProposal([77n]));
          expect(eventsOf(receipt, w.dao, "ProposalExecuted")).toHaveLength(0);
          expect((await w.dao.read.getProposalInfo([77n])).status).toBe(Status.Active);
          // Boundary: signatures * 3 is not above directors * 2 yet.
          expect(signatures * 3 <= n * 2).toBe(true);
        } else if (signatures === required) {
          const receipt = await w.send(director(w, signer).write.passProposal([77n]));
          expect(eventsOf(receipt, w.dao, "ProposalExecuted")).toHaveLength(1);
          expect(signatures * 3 > n * 2).toBe(true);
        } else {
          await expect(director(w, signer).write.passProposal([77n])).rejects.toThrow(revertsWith("DaoProposalAlreadyExecuted"));
        }
      }
      if (required === 1) throw new Error("unreachable for n >= 3");
      expect(await w.dao.read.getPass([77n])).toBe(BigInt(required));
      expect(await w.usdb.read.balanceOf([recipient])).toBe(before + 1n);
    });
  }
});
