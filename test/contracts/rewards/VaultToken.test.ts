import { describe, expect, it } from "vitest";
import { parseEther, zeroAddress } from "viem";
import { REWARDER_ROLE } from "../../../scripts/protocol/deploy-protocol";
import { eventOf, revertsWith, world, type World } from "../support/fixture";

const ONE = 10n ** 18n;

for (const which of ["win", "win1"] as const) {
  const label = which === "win" ? "WIN" : "WIN1";
  const token = (w: World) => w[which];
  const as = (w: World, wallet: World["alice"]) => w.of(wallet)[which];

  describe(`${label} (VaultToken)`, () => {
    it("answers the token interface; price starts at 1 USDB", async () => {
      const w = await world();
      expect(await token(w).read.name()).toBe(label);
      expect(await token(w).read.symbol()).toBe(label);
      expect(await token(w).read.decimals()).toBe(18);
      expect(await token(w).read.initialSupply()).toBe(0n);
      expect(await token(w).read.getPrice()).toBe(ONE);
      expect(await token(w).read.asset()).toEqual(w.usdb.address);
    });

    it("reward mints at the current price, fund raises it, redeem pays the share", async () => {
      const w = await world();
      await w.send(w.usdb.write.approve([token(w).address, parseEther("1000")]));
      const rewarded = eventOf(await w.send(token(w).write.reward([w.alice.account.address, parseEther("100")])), token(w), "Rewarded").args;
      expect(rewarded).toEqual({ rewarder: w.owner.account.address, to: w.alice.account.address, usdbAmount: parseEther("100"), amount: parseEther("100") });
      const funded = eventOf(await w.send(token(w).write.fund([parseEther("50")])), token(w), "VaultFunded").args;
      expect(funded.price).toBe(parseEther("1.5"));
      expect(await token(w).read.vault()).toBe(parseEther("150"));
      // A later reward buys at the new price and leaves it unchanged.
      await w.send(token(w).write.reward([w.bob.account.address, parseEther("30")]));
      expect(await token(w).read.balanceOf([w.bob.account.address])).toBe(parseEther("20"));
      expect(await token(w).read.getPrice()).toBe(parseEther("1.5"));

      expect(await token(w).read.previewRedeem([parseEther("10")])).toBe(parseEther("15"));
      const redeemed = eventOf(await w.send(as(w, w.alice).write.redeem([parseEther("10")])), token(w), "Redeemed").args;
      expect(redeemed).toEqual({ user: w.alice.account.address, amount: parseEther("10"), usdbAmount: parseEther("15") });
      expect(await w.usdb.read.balanceOf([w.alice.account.address])).toBe(parseEther("15"));
      expect(await token(w).read.totalSupply()).toBe(parseEther("110"));
      expect(await token(w).read.getPrice()).toBe(parseEther("1.5"));
    });

    it("transfer and approve work like any ERC-20", async () => {
      const w = await world();
      await w.send(w.usdb.write.approve([token(w).address, parseEther("10")]));
      await w.send(token(w).write.reward([w.alice.account.address, parseEther("10")]));
      await w.send(as(w, w.alice).write.transfer([w.bob.account.address, parseEther("4")]));
      expect(await token(w).read.balanceOf([w.bob.account.address])).toBe(parseEther("4"));
      await w.send(as(w, w.bob).write.approve([w.carol.account.address, 1n]));
      expect(await token(w).read.allowance([w.bob.account.address, w.carol.account.address])).toBe(1n);
    });

    it("rejects zero amounts, unbacked funding, missing balance and strangers", async () => {
      const w = await world();
      await expect(as(w, w.alice).write.redeem([0n])).rejects.toThrow(revertsWith("VaultTokenZeroAmount"));
      await expect(as(w, w.alice).write.redeem([1n])).rejects.toThrow(revertsWith("VaultTokenInsufficientBalance"));
      await expect(token(w).write.fund([0n])).rejects.toThrow(revertsWith("VaultTokenZeroAmount"));
      await expect(token(w).write.fund([1n])).rejects.toThrow(revertsWith("VaultTokenNoSupply"));
      await expect(token(w).write.reward([zeroAddress, 1n])).rejects.toThrow(revertsWith("VaultTokenZeroAddress"));
      await expect(token(w).write.reward([w.alice.account.address, 0n])).rejects.toThrow(revertsWith("VaultTokenZeroAmount"));
      await expect(as(w, w.alice).write.reward([w.alice.account.address, 1n])).rejects.toThrow(revertsWith("AccessControlUnauthorizedAccount"));
      await w.send(token(w).write.grantRole([REWARDER_ROLE, w.alice.account.address]));
      expect(await token(w).read.hasRole([REWARDER_ROLE, w.alice.account.address])).toBe(true);
    });

    it("a reward too small to buy one unit is refused", async () => {
      const w = await world();
      await w.send(w.usdb.write.approve([token(w).address, parseEther("10")]));
      await w.send(token(w).write.reward([w.alice.account.address, 1n]));
      await w.send(token(w).write.fund([parseEther("5")]));
      await expect(token(w).write.reward([w.alice.account.address, 1n])).rejects.toThrow(revertsWith("VaultTokenZeroAmount"));
    });
  });
}
