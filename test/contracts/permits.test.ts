/**
 * The `…WithPermit` entries (SPexPermits, VaultToken.fundWithPermit): each takes the caller's
 * ERC-2612 signature and acts in one transaction. Every path faces the same attacks: an expired
 * deadline, a replayed signature, another signer, another amount, and a permit someone else
 * submits first from the mempool (which must be harmless). See docs/security.md.
 */
import { describe, expect, it } from "vitest";
import { parseEther, type Address, type Hex } from "viem";
import type { WalletClient } from "../../scripts/protocol/contracts";
import { eventOf, now, revertsWith, stakeAs, world, type World } from "./support/fixture";
import { signPermit, type SignedPermit } from "./support/permit";

/** One `…WithPermit` action: what it spends, how to prepare a user for it, and the call itself. */
interface PermitAction {
  name: string;
  token: (w: World) => World["pex"] | World["usdb"];
  spender: (w: World) => Address;
  /** Gives `user` what the action needs; returns the amount to permit and a value for `call`. */
  prepare: (w: World, user: WalletClient) => Promise<{ amount: bigint; target: bigint }>;
  call: (w: World, user: WalletClient, target: bigint, amount: bigint, p: SignedPermit) => Promise<Hex>;
  /** The action's own named error for a refused permit without allowance. */
  refused: RegExp;
}

const actions: PermitAction[] = [
  {
    name: "SPEX.stakeWithPermit",
    token: (w) => w.pex,
    spender: (w) => w.spex.address,
    prepare: async (w, user) => {
      await w.send(w.pex.write.transfer([user.account.address, parseEther("1000")]));
      return { amount: parseEther("400"), target: 7n };
    },
    call: (w, user, random, amount, p) => w.of(user).spex.write.stakeWithPermit([amount, random, p.deadline, p.v, p.r, p.s]),
    refused: revertsWith("SPexPermitRefused"),
  },
  {
    name: "SPEX.accelerateProfitWithPermit",
    token: (w) => w.usdb,
    spender: (w) => w.spex.address,
    prepare: async (w, user) => {
      const id = await stakeAs(w, user, parseEther("1000"));
      const [, fee] = await w.spex.read.quoteAcceleration([id, 1n]);
      await w.send(w.usdb.write.transfer([user.account.address, parseEther("1000")]));
      // The fee is priced in the block: the caller permits a ceiling a little above the quote.
      return { amount: (fee * 101n) / 100n, target: id };
    },
    call: (w, user, id, maxFee, p) => w.of(user).spex.write.accelerateProfitWithPermit([id, 1n, maxFee, p.deadline, p.v, p.r, p.s]),
    refused: revertsWith("SPexPermitRefused"),
  },
  {
    name: "WIN.fundWithPermit",
    token: (w) => w.usdb,
    spender: (w) => w.win.address,
    prepare: async (w, user) => {
      await w.send(w.usdb.write.approve([w.win.address, parseEther("10")]));
      await w.send(w.win.write.reward([w.owner.account.address, parseEther("10")]));
      await w.send(w.usdb.write.transfer([user.account.address, parseEther("1000")]));
      return { amount: parseEther("50"), target: 0n };
    },
    call: (w, user, _target, amount, p) => w.of(user).win.write.fundWithPermit([amount, p.deadline, p.v, p.r, p.s]),
    refused: revertsWith("VaultTokenPermitRefused"),
  },
];

for (const action of actions) {
  describe(`${action.name}: one transaction, no approval`, () => {
    it("acts with a fresh permit: the nonce is used and no more allowance is left than the permit's rest", async () => {
      const w = await world();
      const { amount, target } = await action.prepare(w, w.alice);
      const token = action.token(w);
      const before = await token.read.balanceOf([w.alice.account.address]);
      const permit = await signPermit(w, token, w.alice, action.spender(w), amount);
      await w.send(action.call(w, w.alice, target, amount, permit));
      const spent = before - (await token.read.balanceOf([w.alice.account.address]));
      expect(spent > 0n && spent <= amount).toBe(true);
      expect(await token.read.nonces([w.alice.account.address])).toBe(1n);
      expect(await token.read.allowance([w.alice.account.address, action.spender(w)])).toBe(amount - spent);
    });

    it("refuses an expired permit", async () => {
      const w = await world();
      const { amount, target } = await action.prepare(w, w.alice);
      const permit = await signPermit(w, action.token(w), w.alice, action.spender(w), amount, { deadline: (await now(w)) - 1n });
      await expect(action.call(w, w.alice, target, amount, permit)).rejects.toThrow(action.refused);
    });

    it("refuses a replayed permit: the nonce moved on", async () => {
      const w = await world();
      const { amount, target } = await action.prepare(w, w.alice);
      const permit = await signPermit(w, action.token(w), w.alice, action.spender(w), amount);
      await w.send(action.call(w, w.alice, target, amount, permit));
      await expect(action.call(w, w.alice, target, amount, permit)).rejects.toThrow(action.refused);
    });

    it("refuses a permit signed by someone else than the caller, or used by someone else", async () => {
      const w = await world();
      const { amount, target } = await action.prepare(w, w.alice);
      // Bob signs a permit in Alice's name: the token recovers Bob, not Alice.
      const forged = await signPermit(w, action.token(w), w.bob, action.spender(w), amount, { owner: w.alice.account.address });
      await expect(action.call(w, w.alice, target, amount, forged)).rejects.toThrow(action.refused);
      // Alice's own permit, sent by Bob: the owner is always the caller, so it is Bob's that fails.
      await action.prepare(w, w.bob);
      const alices = await signPermit(w, action.token(w), w.alice, action.spender(w), amount);
      await expect(action.call(w, w.bob, target, amount, alices)).rejects.toThrow(action.refused);
      expect(await action.token(w).read.nonces([w.alice.account.address])).toBe(0n);
    });

    it("refuses a permit for another amount, more or less", async () => {
      const w = await world();
      const { amount, target } = await action.prepare(w, w.alice);
      const permit = await signPermit(w, action.token(w), w.alice, action.spender(w), amount);
      await expect(action.call(w, w.alice, target, amount + 1n, permit)).rejects.toThrow(action.refused);
      await expect(action.call(w, w.alice, target, amount - 1n, permit)).rejects.toThrow(action.refused);
    });

    it("a permit submitted first from the mempool is harmless: the action still goes through, once", async () => {
      const w = await world();
      const { amount, target } = await action.prepare(w, w.alice);
      const token = action.token(w);
      const permit = await signPermit(w, token, w.alice, action.spender(w), amount);
      const bobBefore = await token.read.balanceOf([w.bob.account.address]);
      // Bob copies the signature and submits the permit himself, ahead of Alice's transaction.
      await w.send(w.of(w.bob)[token === w.pex ? "pex" : "usdb"].write.permit([w.alice.account.address, action.spender(w), amount, permit.deadline, permit.v, permit.r, permit.s]));
      await w.send(action.call(w, w.alice, target, amount, permit));
      expect(await token.read.balanceOf([w.bob.account.address])).toBe(bobBefore);
      expect(await token.read.nonces([w.alice.account.address])).toBe(1n);
      // The signature is spent: neither Alice nor Bob gets a second action out of it.
      await expect(action.call(w, w.alice, target, amount, permit)).rejects.toThrow(action.refused);
    });
  });
}

describe("SPEX.accelerateProfitWithPermit: the permit is a ceiling", () => {
  it("pays the fee priced in the block and refuses one above the permitted maximum", async () => {
    const w = await world();
    const id = await stakeAs(w, w.alice, parseEther("1000"));
    const [reward, fee] = await w.spex.read.quoteAcceleration([id, 2n]);
    await w.send(w.usdb.write.transfer([w.alice.account.address, fee * 2n]));
    const me = w.of(w.alice).spex;
    const low = await signPermit(w, w.usdb, w.alice, w.spex.address, fee - 1n);
    await expect(me.write.accelerateProfitWithPermit([id, 2n, fee - 1n, low.deadline, low.v, low.r, low.s])).rejects.toThrow(revertsWith("SPexFeeAboveMax"));
    const exact = await signPermit(w, w.usdb, w.alice, w.spex.address, fee);
    const receipt = await w.send(me.write.accelerateProfitWithPermit([id, 2n, fee, exact.deadline, exact.v, exact.r, exact.s]));
    expect(eventOf(receipt, w.spex, "ProfitAccelerated").args).toEqual({ user: w.alice.account.address, id, day: 2n, reward, fee });
    expect(await w.usdb.read.allowance([w.alice.account.address, w.spex.address])).toBe(0n);
  });
});
