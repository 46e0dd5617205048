/**
 * One key, one DAO power (issue: server keys, item 2): the invite binder's key binds and nothing
 * else, the dividend operator's distributes and nothing else, and the payout key holds no DAO
 * role at all. Deployed by the deploy's own code with separate binder and dividend addresses.
 */
import { loadFixture } from "@nomicfoundation/hardhat-toolbox-viem/network-helpers";
import { describe, expect, it } from "vitest";
import { parseEther, type Hex } from "viem";
import type { WalletClient } from "../../../scripts/protocol/contracts";
import { deployWorld, eventOf, hre, revertsWith, stakeAs, testConfig, type World } from "../support/fixture";

interface Keys {
  w: World;
  binder: WalletClient;
  dividend: WalletClient;
  payout: WalletClient;
}

/** #4 is the local invite binder; #5 and #6 stand for a dividend operator and a payout wallet of their own. */
async function separateKeysFixture(): Promise<Keys> {
  const wallets = (await hre.viem.getWalletClients()) as WalletClient[];
  const [binder, dividend, payout] = [wallets[4]!, wallets[5]!, wallets[6]!];
  const w = await deployWorld({
    ...testConfig,
    daoBinders: [binder.account.address],
    dividendOperators: [dividend.account.address],
  });
  return { w, binder, dividend, payout };
}

async function daoRoles(w: World): Promise<{ admin: Hex; terms: Hex; binder: Hex; dividend: Hex }> {
  return {
    admin: await w.dao.read.DEFAULT_ADMIN_ROLE(),
    terms: await w.dao.read.TERMS_ROLE(),
    binder: await w.dao.read.BINDER_ROLE(),
    dividend: await w.dao.read.DIVIDEND_ROLE(),
  };
}

/** Alice a Primary Node under the owner (Carol's stake below her): a distribution has weight to go to. */
async function eligibleNode(w: World) {
  await w.send(w.dao.write.setLevelThresholds([[parseEther("1"), parseEther("2"), parseEther("3"), parseEther("4")]]));
  await w.send(w.of(w.alice).dao.write.bindInviter([w.owner.account.address]));
  await w.send(w.of(w.carol).dao.write.bindInviter([w.alice.account.address]));
  await stakeAs(w, w.carol, parseEther("2"));
  await w.send(w.dao.write.pokeNode([w.alice.account.address]));
}

/** `wallet` holds `amount` PEX approved to the DAO, so only the role check can stop its distribution. */
async function fundDividends(w: World, wallet: WalletClient, amount: bigint) {
  await w.send(w.pex.write.transfer([wallet.account.address, amount]));
  await w.send(w.of(wallet).pex.write.approve([w.dao.address, amount]));
}

describe("DAO roles: one key, one power", () => {
  it("the deploy grants the binder only BINDER_ROLE, the dividend operator only DIVIDEND_ROLE, the payout key nothing", async () => {
    const { w, binder, dividend, payout } = await loadFixture(separateKeysFixture);
    const roles = await daoRoles(w);
    const held = async (wallet: WalletClient) => {
      const names: string[] = [];
      for (const [name, role] of Object.entries(roles))
        if (await w.dao.read.hasRole([role, wallet.account.address])) names.push(name);
      return names;
    };
    expect(await held(binder)).toEqual(["binder"]);
    expect(await held(dividend)).toEqual(["dividend"]);
    expect(await held(payout)).toEqual([]);
    // The combined role is gone: nothing in the DAO answers to it any more.
    expect(w.dao.abi.some((item) => item.type === "function" && (item.name as string) === "OPERATOR_ROLE")).toBe(false);
  });

  it("the binder key cannot distribute dividends, nor grant itself the role that can", async () => {
    const { w, binder, dividend } = await loadFixture(separateKeysFixture);
    await eligibleNode(w);
    await fundDividends(w, binder, parseEther("10"));
    await expect(w.of(binder).dao.write.distributeDividends([parseEther("10")])).rejects.toThrow(
      revertsWith("AccessControlUnauthorizedAccount"),
    );
    const { dividend: dividendRole } = await daoRoles(w);
    await expect(w.of(binder).dao.write.grantRole([dividendRole, binder.account.address])).rejects.toThrow(
      revertsWith("AccessControlUnauthorizedAccount"),
    );
    // The same call from the dividend key goes through: the role, not the state, refused the binder.
    await fundDividends(w, dividend, parseEther("10"));
    const receipt = await w.send(w.of(dividend).dao.write.distributeDividends([parseEther("10")]));
    expect(eventOf(receipt, w.dao, "DividendsDistributed").args.amount).toBe(parseEther("10"));
    expect(await w.pex.read.balanceOf([binder.account.address])).toBe(parseEther("10"));
  });

  it("the dividend key cannot bind an account, singly or in a batch, nor grant itself the binder role", async () => {
    const { w, binder, dividend } = await loadFixture(separateKeysFixture);
    const [user, inviter] = [w.bob.account.address, w.owner.account.address];
    await expect(w.of(dividend).dao.write.bindInviterFor([user, inviter])).rejects.toThrow(
      revertsWith("AccessControlUnauthorizedAccount"),
    );
    await expect(w.of(dividend).dao.write.bindInvitersFor([[user], [inviter]])).rejects.toThrow(
      revertsWith("AccessControlUnauthorizedAccount"),
    );
    const { binder: binderRole } = await daoRoles(w);
    await expect(w.of(dividend).dao.write.grantRole([binderRole, dividend.account.address])).rejects.toThrow(
      revertsWith("AccessControlUnauthorizedAccount"),
    );
    expect(await w.dao.read.isRegistered([user])).toBe(false);
    const receipt = await w.send(w.of(binder).dao.write.bindInviterFor([user, inviter]));
    expect(eventOf(receipt, w.dao, "InviterBound").args.by).toEqual(binder.account.address);
  });

  it("the payout key can neither bind, distribute, set roots nor grant a DAO role", async () => {
    const { w, payout } = await loadFixture(separateKeysFixture);
    await eligibleNode(w);
    await fundDividends(w, payout, parseEther("10"));
    const me = w.of(payout).dao.write;
    const roles = await daoRoles(w);
    const refused = revertsWith("AccessControlUnauthorizedAccount");
    await expect(me.bindInviterFor([w.bob.account.address, w.owner.account.address])).rejects.toThrow(refused);
    await expect(me.bindInvitersFor([[w.bob.account.address], [w.owner.account.address]])).rejects.toThrow(refused);
    await expect(me.distributeDividends([parseEther("10")])).rejects.toThrow(refused);
    await expect(me.setRoot([payout.account.address, true])).rejects.toThrow(refused);
    for (const role of Object.values(roles)) await expect(me.grantRole([role, payout.account.address])).rejects.toThrow(refused);
    expect(await w.pex.read.balanceOf([payout.account.address])).toBe(parseEther("10"));
  });
});
